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
