/**
 * A claimed sign-up row, as the database stored it: the only source of what a thank-you email says.
 * Columns a type's table does not have are absent.
 */
export interface StoredSignup {
  id: string;
  email: string;
  first_name?: string | null;
  company?: string | null;
  use_case?: string | null;
  current_role?: string | null;
  current_company?: string | null;
}

const optionalText = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';

/** Checks the row the ledger returned; anything else is a bug, not something to mail. */
export function toStoredSignup(value: unknown): StoredSignup | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  if (typeof row.id !== 'string' || typeof row.email !== 'string') return null;
  for (const column of ['first_name', 'company', 'use_case', 'current_role', 'current_company']) {
    if (!optionalText(row[column])) return null;
  }
  return row as unknown as StoredSignup;
}
