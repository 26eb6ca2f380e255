import type { SupabaseClient } from '@supabase/supabase-js';
import { isPlainEmailAddress } from '@agentora/backend-rules/email-address';

// The console's staff list, public.staff (supabase/schemas/staff.sql), through the Data API with the
// service role: the only role that may read or change it.

export interface StaffMember {
  email: string;
  added_at: string;
  added_by: string | null;
}

export class StaffError extends Error {
  override name = 'StaffError';
}

/** What `added_by` says when the command is not told who runs it. */
export const DEFAULT_ADDED_BY = 'npm run staff';

/** The address as the table keeps it: trimmed and lower case, or a StaffError saying what is wrong. */
export function staffAddress(typed: string): string {
  const email = typed.trim().toLowerCase();
  if (!isPlainEmailAddress(email)) {
    throw new StaffError(
      `"${typed}" is not a plain email address (local@domain, without a name or brackets).`,
    );
  }
  return email;
}

function failure(doing: string, error: { message: string; code?: string }): StaffError {
  const reason =
    error.code === '42501'
      ? 'the key is not a secret (service role) key'
      : /fetch failed/i.test(error.message)
        ? 'the API could not be reached'
        : error.message || 'no reason given';
  return new StaffError(`${doing} failed: ${reason}.`);
}

/** Adds the address; false when it was staff already (nothing changes then). */
export async function addStaff(
  client: SupabaseClient,
  typed: string,
  addedBy = DEFAULT_ADDED_BY,
): Promise<{ email: string; added: boolean }> {
  const email = staffAddress(typed);
  const by = addedBy.trim();
  if (by === '' || by.length > 254) {
    throw new StaffError('--by takes a name or an address of 1 to 254 characters.');
  }
  const { error } = await client.from('staff').insert({ email, added_by: by });
  if (error?.code === '23505') return { email, added: false };
  if (error) throw failure(`Adding ${email}`, error);
  return { email, added: true };
}

/** Removes the address; false when it was not staff. */
export async function removeStaff(
  client: SupabaseClient,
  typed: string,
): Promise<{ email: string; removed: boolean }> {
  const email = staffAddress(typed);
  const { data, error } = await client.from('staff').delete().eq('email', email).select('email');
  if (error) throw failure(`Removing ${email}`, error);
  return { email, removed: (data ?? []).length > 0 };
}

/** Everyone on the list, by address. */
export async function listStaff(client: SupabaseClient): Promise<StaffMember[]> {
  const { data, error } = await client
    .from('staff')
    .select('email, added_at, added_by')
    .order('email');
  if (error) throw failure('Reading the staff list', error);
  return data as StaffMember[];
}
