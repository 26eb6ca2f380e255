/**
 * A success message clears, and the form returns to idle, after 5 s: early access, the waitlist and
 * the careers application alike (docs/product/sign-up-forms.md, docs/product/careers.md).
 */
export const SUCCESS_RESET_MS = 5000;
