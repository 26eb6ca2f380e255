/**
 * The lists a sign-up belongs to, each with its table (private.signup_table in
 * supabase/schemas/signups.sql): the three sign-up forms, and 'career' for applications. A mail, a
 * confirmation and an unsubscribe each name one.
 */
export const MAIL_LISTS = ['early_access', 'newsletter', 'waitlist', 'career'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export function isMailList(value: unknown): value is MailList {
  return typeof value === 'string' && (MAIL_LISTS as readonly string[]).includes(value);
}
