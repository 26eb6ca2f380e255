import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email';

// The WHATWG "valid email address" grammar: what an <input type="email"> itself accepts. The forms
// submit with noValidate (so their own messages and focus handling run in every browser), and this
// puts back the format check the browser would otherwise have made.
const EMAIL_INPUT_SYNTAX =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The longest address any sign-up table accepts (RFC 5321 path limit, matched by the CHECK constraints). */
export const EMAIL_MAX_LENGTH = 254;

/** True when the value passes the '@' rule and the email input's own format rule (docs/product/sign-up-forms.md, "The email rule"). */
export function isSubmittableEmail(email: string): boolean {
  const trimmed = email.trim();
  return isValidEmail(trimmed) && trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_INPUT_SYNTAX.test(trimmed);
}

/** The message for an email that cannot be sent, or undefined when it can. */
export function submittableEmailError(email: string): string | undefined {
  return isSubmittableEmail(email) ? undefined : INVALID_EMAIL_MESSAGE;
}
