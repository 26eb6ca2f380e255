// Accounts that are not a person: "Hi Info," would read as a robot's greeting.
const ROLE_ACCOUNTS: ReadonlySet<string> = new Set([
  'admin',
  'billing',
  'careers',
  'contact',
  'enquiries',
  'hello',
  'help',
  'hi',
  'hr',
  'info',
  'inquiries',
  'jobs',
  'mail',
  'marketing',
  'news',
  'newsletter',
  'noreply',
  'office',
  'postmaster',
  'press',
  'sales',
  'support',
  'team',
  'webmaster',
]);

// A given name as it could appear before the dot of an address: letters, optionally joined by a hyphen
// or an apostrophe ("mary-jane", "o'neil"); at least two letters in all.
const NAME_SHAPE = /^\p{L}+(?:['-]\p{L}+)*$/u;
const isPlausibleName = (text: string) =>
  text.length <= 40 && NAME_SHAPE.test(text) && text.replace(/['-]/g, '').length >= 2;

/**
 * The first name the early-access and newsletter emails greet: the text of the address's local part
 * before its first dot, capitalised (`bob@...` gives "Bob", `john.doe@...` gives "John", and a `+tag` is
 * not part of it). '' when that text is not plausibly a name (digits, one letter, a role account such as
 * info@), so the email greets "Hi there," instead.
 */
export function greetingNameFromEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const head = local.split('+')[0].split('.')[0];
  if (!isPlausibleName(head) || ROLE_ACCOUNTS.has(head.toLowerCase())) {
    return '';
  }
  return head.charAt(0).toUpperCase() + head.slice(1);
}
