import type { SupabaseClient } from '@supabase/supabase-js';
import type { SignupList } from '../../functions/_shared/rules/signup-fields.ts';

// Sign-ups as the backend's tests store them. A list's row is written only by public.sign_up
// (supabase/schemas/signups.sql), which the function sign-up calls with the service role once the
// visitor passed the bot check; the tests that are not about the function call it the same way.

export type SignupTable = 'early_access_signups' | 'newsletter_subscriptions' | 'waitlist_signups';

/** The list whose sign-ups each table holds (private.signup_table). */
export const LIST_OF_TABLE: Readonly<Record<SignupTable, SignupList>> = {
  early_access_signups: 'early_access',
  newsletter_subscriptions: 'newsletter',
  waitlist_signups: 'waitlist',
};

export function isSignupTable(table: string): table is SignupTable {
  return Object.hasOwn(LIST_OF_TABLE, table);
}

/** public.sign_up's answer: stored (with whether the confirmation is queued) or why not. */
export type SignUpAnswer =
  | { outcome: 'stored'; email_sent: boolean }
  | { outcome: 'duplicate' | 'rate_limited' | 'invalid' };

/**
 * Stores a sign-up as the function sign-up does, without the function (so nothing is sent yet: its
 * confirmation stays queued): public.sign_up with the service role, for the visitor at `address`.
 * Throws on an error of the call itself.
 */
export async function storeSignUp(
  service: SupabaseClient,
  table: SignupTable,
  row: Record<string, unknown>,
  address: string | null = '198.51.100.1',
): Promise<SignUpAnswer> {
  const { data, error } = await service.rpc('sign_up', {
    p_list: LIST_OF_TABLE[table],
    p_row: row,
    p_client_address: address,
  });
  if (error) throw new Error(`sign_up failed: ${error.message} (${error.code})`);
  return data as SignUpAnswer;
}
