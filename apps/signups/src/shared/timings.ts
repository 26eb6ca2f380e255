// docs/product/sign-up-forms.md: the newsletter messages (the footer toast, the home component's error)
// go after 3000 ms. The 5 s of the other forms' success messages is SUCCESS_RESET_MS (@agentora/forms).
export const NEWSLETTER_MESSAGE_MS = 3000;
