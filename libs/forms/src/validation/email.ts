export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/**
 * The basic client-side email rule: present and containing '@'. The server's CHECK constraint
 * is stricter; this only catches what a visitor can fix before sending.
 */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

/** The message to show for an email value, or undefined when it passes. */
export function emailError(email: string): string | undefined {
  return isValidEmail(email) ? undefined : INVALID_EMAIL_MESSAGE;
}
