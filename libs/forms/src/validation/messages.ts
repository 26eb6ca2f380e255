// Texts shared by the forms, word for word as the product gives them.
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** Every form's text when a rate limit of the backend refuses its request (HTTP 429). */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * Every form's text when its bot check cannot give a token (the widget's script blocked, offline, a
 * failed challenge) or the backend refuses the token: not in the product's texts, which predate the check
 * (docs/product/sign-up-forms.md, "The bot check"). What was typed stays.
 */
export const BOT_CHECK_FAILED_MESSAGE =
  "We couldn't check that you're a person. Please check your connection and try again.";
