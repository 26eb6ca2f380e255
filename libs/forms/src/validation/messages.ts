// Texts shared by the forms, word for word as the product gives them.
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** Every form's text when a rate limit of the backend refuses its request (HTTP 429). */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
