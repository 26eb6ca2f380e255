/** A failed backend call, carrying PostgREST's SQLSTATE-style code (or storage's) and the HTTP status. */
export class BackendError extends Error {
  override name = 'BackendError';
  code?: string;
  details?: string;
  hint?: string;
  status?: number;

  constructor(
    message: string,
    info: { code?: string; details?: string; hint?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, info.cause === undefined ? undefined : { cause: info.cause });
    this.code = info.code;
    this.details = info.details;
    this.hint = info.hint;
    this.status = info.status;
  }
}

/** The duplicate test: SQLSTATE 23505 from a unique index (the address, or its mailbox). */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * Refused by a rate limit of the backend (public.take_rate_limit_token, supabase/schemas/limits.sql):
 * SQLSTATE PT429, which PostgREST answers with HTTP 429.
 */
export function isRateLimitError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, status } = err as { code?: unknown; status?: unknown };
  return code === 'PT429' || status === 429;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** supabase-js reports PostgREST errors as { message, code, details, hint } next to the response status. */
export function fromPostgrestError(
  error: { message: string; code?: string; details?: string | null; hint?: string | null },
  status: number,
): BackendError {
  return new BackendError(error.message, {
    code: text(error.code),
    details: text(error.details),
    hint: text(error.hint),
    // 0 means no HTTP answer at all (network failure).
    status: status === 0 ? undefined : status,
    cause: error,
  });
}
