// For fixtures that write a staff member's Auth user and session themselves: a staff row's Auth address
// has the shape migration 20251202000000_console_sign_in.sql gives public.staff.auth_email, and the
// session's email claim and its user's address are that, not the staff address.

/** An Auth address of that shape, numbered, to insert with the staff row. */
export const fixtureAuthEmail = (n: number): string =>
  `console-${n.toString(16).padStart(32, '0')}@staff.invalid`;
