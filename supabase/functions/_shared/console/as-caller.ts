import { errorResponse } from '../http/responses.ts';

// The console's functions (console-export, console-resume) act as the staff member who calls them: their
// database calls carry the caller's own session, so the API checks it and the database's staff check and
// row-level security decide, never the function. What both need for that lives here; the client that
// carries the session is made in their entry files (entry/function-setup.ts, callerDatabases).

/** What supabase-js's rpc() resolves to, as far as these functions read it. */
export interface RpcResult {
  data: unknown;
  error: { message: string; code?: string } | null;
  /** The API's HTTP status: 401 for a missing, forged or expired session, 403 for a refused role. */
  status: number;
}

/** The API as the caller: rpc() with the caller's session. */
export interface CallerDatabase {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<RpcResult>;
}

/** A client for one request's caller, from its `Authorization` header. */
export type DatabaseFor = (authorization: string) => CallerDatabase;

/**
 * The caller's `Authorization: Bearer <JWT>`, or the 401 that asks for one. Only the shape is checked
 * here; the API checks the token itself on the first call.
 */
export function callerAuthorization(
  request: Request,
): { ok: true; authorization: string } | { ok: false; response: Response } {
  const authorization = (request.headers.get('authorization') ?? '').trim();
  if (/^Bearer [^\s.]+\.[^\s.]+\.[^\s.]+$/i.test(authorization)) return { ok: true, authorization };
  return {
    ok: false,
    response: errorResponse(
      401,
      'Sign in first: send the session as Authorization: Bearer <token>.',
    ),
  };
}

/** What a function says when the database refuses the caller or fails. */
export interface RefusalWords {
  /** The 403's error: what only staff may do. */
  forbidden: string;
  /** The 500's error. */
  failed: string;
  /** What is logged with the database's error when it fails. */
  logLine: string;
}

/** The answer to a refused or failed RPC: the session's problem, the role's, or ours. */
export function rpcRefusal(
  result: RpcResult,
  words: RefusalWords,
  logError: (message: string, error: unknown) => void,
): Response {
  if (result.status === 401) {
    return errorResponse(401, 'Sign in again: the session is missing, has ended or is not valid.');
  }
  if (result.status === 403 || result.error?.code === '42501') {
    return errorResponse(403, words.forbidden);
  }
  logError(words.logLine, result.error);
  return errorResponse(500, words.failed);
}
