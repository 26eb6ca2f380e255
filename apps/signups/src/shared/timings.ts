// docs/product/sign-up-forms.md: the early-access and waitlist success messages clear after 5000 ms; the newsletter
// messages (the footer toast, the home component's error) after 3000 ms.
export const SIGNUP_SUCCESS_RESET_MS = 5000;
export const NEWSLETTER_MESSAGE_MS = 3000;
