import { EMAIL_MAX_LENGTH, isPlainEmailAddress } from '@agentora/backend-rules/email-address';

export { EMAIL_MAX_LENGTH };

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/**
 * Every form's email rule: a plain `local@domain` address (the rule the database's CHECK constraints and
 * the edge functions hold, in supabase/functions/_shared/rules/email-address.ts). Surrounding spaces are
 * forgiven, since the forms send the trimmed value.
 */
export function isValidEmail(email: string): boolean {
  return isPlainEmailAddress(email.trim());
}

/** The spec's message for an email that cannot be sent, or undefined when it can. */
export function emailError(email: string): string | undefined {
  return isValidEmail(email) ? undefined : INVALID_EMAIL_MESSAGE;
}
