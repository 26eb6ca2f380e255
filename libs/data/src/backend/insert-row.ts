import { fromPostgrestError } from './backend-error';
import { getSupabaseClient } from './client';

/**
 * INSERT without .select(): returning the row would need anon SELECT rights, which would let anyone
 * read every sign-up (docs/security.md).
 */
export async function insertRow(table: string, row: Record<string, string | null>): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error, status } = await supabase.from(table).insert(row);
  if (error) throw fromPostgrestError(error, status);
}
