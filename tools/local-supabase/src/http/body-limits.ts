/**
 * The largest body a REST call, an RPC, a storage listing or a JSON function call may send. The biggest
 * legitimate one is a general_applications row: its text columns allow about 25,000 characters in all
 * (supabase/schemas/signups.sql, the CHECKs on each column), which is at most ~100 KB of UTF-8 even when
 * every character takes 4 bytes. Everything else the site sends is a few hundred bytes.
 */
export const SMALL_BODY_LIMIT = 128 * 1024;

/**
 * The largest body that carries one file of at most `fileBytes`: the file, plus room for the form
 * fields, part headers and boundaries around it (never more than a small body's worth).
 */
export function fileBodyLimit(fileBytes: number): number {
  return fileBytes + SMALL_BODY_LIMIT;
}

/**
 * Request bodies held in memory at once, all requests together (see BodyBudget): room for a dozen
 * résumé-sized uploads in progress, far more than one developer's browser and the test suites send.
 */
export const BODY_BUDGET_BYTES = 64 * 1024 * 1024;
