// The one email address rule: the sign-up tables' CHECK constraints (private.is_plain_email_address in
// supabase/schemas/signups.sql) hold the same pattern, the forms in libs/forms and the edge functions
// import it from here, and supabase/tests/email-rule.test.ts runs one list of samples
// (email-address.samples.ts) through both.
//
// A plain `local@domain`: the WHATWG "valid email address" grammar (what <input type="email"> accepts),
// narrowed to what mail providers deliver: a dot-atom local part (no leading, trailing or double dot) of
// at most 64 characters, and a domain of at least two labels whose last one starts with a letter. No
// display names, angle brackets, quotes, comments, whitespace, control characters or IP literals.

/** RFC 5321's limit on a forward path, the longest address any table stores. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const LAST_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/** Every part is a character class without '.', so matching is linear in the length. */
export const PLAIN_EMAIL_ADDRESS = new RegExp(
  `^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LAST_LABEL}$`,
);

/** True for an address stored exactly as given: the caller trims what a visitor typed first. */
export function isPlainEmailAddress(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH || !PLAIN_EMAIL_ADDRESS.test(address)) return false;
  return address.indexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

/**
 * The mailbox an address delivers to, as the tables' uniqueness rule sees it: letter case ignored and a
 * `+tag` dropped from the local part, so `Ada+news@Example.com` and `ada@example.com` are one mailbox
 * (docs/security.md, "Plus-addresses"). The address itself is stored as typed.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).split('+')[0];
  return `${local}@${address.slice(at + 1)}`.toLowerCase();
}
