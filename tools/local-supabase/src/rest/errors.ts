import type { ApiRole } from '../db/database.ts';

/** PostgREST's error body: every field present, null when unknown. */
export interface PostgrestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export class PostgrestFailure extends Error {
  override name = 'PostgrestFailure';
  readonly status: number;
  readonly body: PostgrestErrorBody;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) {
    super(message);
    this.status = status;
    this.body = { code, details, hint, message };
  }
}

interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code)
  );
}

// PostgREST's SQLSTATE -> HTTP status table (docs: "Errors", "SQLSTATE to HTTP status").
function statusForSqlState(code: string, role: ApiRole): number {
  // RAISE sqlstate 'PTxyz' answers HTTP xyz (the rate limits raise PT429).
  if (/^PT[1-5][0-9]{2}$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42501':
      // Insufficient privilege: "not authenticated" for the anonymous role, "forbidden" otherwise.
      return role === 'anon' ? 401 : 403;
    case '42883':
    case '42P01':
      return 404;
    case '53400':
      return 500;
    case 'P0001':
      return 400;
  }
  const klass = code.slice(0, 2);
  switch (klass) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function toPostgrestFailure(error: unknown, role: ApiRole): PostgrestFailure {
  if (error instanceof PostgrestFailure) return error;
  if (isPgError(error)) {
    return new PostgrestFailure(
      statusForSqlState(error.code, role),
      error.code,
      error.message,
      error.detail ?? null,
      error.hint ?? null,
    );
  }
  return new PostgrestFailure(
    500,
    'PGRST000',
    error instanceof Error ? error.message : String(error),
  );
}
