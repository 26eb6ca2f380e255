import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import { attachmentDisposition } from '../_shared/http/content-disposition.ts';
import { CORS_HEADERS } from '../_shared/http/cors.ts';
import { acceptMethods, errorResponse, type RequestHandler } from '../_shared/http/responses.ts';
import {
  RESUME_PATH_PATTERN,
  RESUME_TYPES,
  resumeExtension,
} from '../_shared/rules/resume-file.ts';

/** What supabase-js's rpc() resolves to, as far as this function reads it. */
export interface RpcResult {
  data: unknown;
  error: { message: string; code?: string } | null;
  /** The API's HTTP status: 401 for a missing, forged or expired session, 403 for a refused role. */
  status: number;
}

/** The API as the caller: rpc() with the caller's session, so the database decides who is staff. */
export interface CallerDatabase {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<RpcResult>;
}

export interface ConsoleResumeDeps {
  /**
   * A client for this request's caller: the project's publishable key as apikey and the caller's own
   * `Authorization` header, so the API checks the session and console_open_resume checks staff (index.ts).
   */
  databaseFor: (authorization: string) => CallerDatabase;
  /** The object's bytes, read with the service role; throws when storage fails or has no such object. */
  readResume: (path: string) => Promise<Blob>;
  logError?: (message: string, error: unknown) => void;
}

/** `{"id": "<uuid>"}` and some room for whitespace. */
const MAX_BODY_BYTES = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// So the console can read the file's name from a cross-origin answer.
const EXPOSE_HEADERS = { 'Access-Control-Expose-Headers': 'Content-Disposition' };

/** The answer to a refused or failed RPC: the session's problem, the role's, or ours. */
function refusal(result: RpcResult, logError: (message: string, error: unknown) => void): Response {
  if (result.status === 401) {
    return errorResponse(401, 'Sign in again: the session is missing, has ended or is not valid.');
  }
  if (result.status === 403 || result.error?.code === '42501') {
    return errorResponse(403, 'Only staff may open résumés.');
  }
  logError('console-resume: console_open_resume failed', result.error);
  return errorResponse(500, 'The résumé could not be opened.');
}

/** console_open_resume's answer: the object's path in the bucket and the name the applicant gave it. */
function openedResume(data: unknown): { path: string; filename: string } | undefined {
  if (!isRecord(data)) return undefined;
  const { path, filename } = data;
  return typeof path === 'string' && RESUME_PATH_PATTERN.test(path) && typeof filename === 'string'
    ? { path, filename }
    : undefined;
}

/**
 * console-resume: an application's résumé, for staff, as the file itself. POST `{"id": "<application
 * id>"}` with `apikey: <publishable key>` (index.ts checks it) and `Authorization: Bearer <the session's
 * access token>`. Each call asks public.console_open_resume as the caller, which refuses anyone who is
 * not staff at that moment and writes the opening to the audit log; only then is the object read with the
 * service role, and its bytes answered as an attachment under the applicant's file name, never cached.
 *
 * No link is handed out: a signed storage URL works for whoever holds it for as long as its signer asked,
 * and hosted Supabase cannot revoke one on its own, so staff do not sign (migration 20251203000000). A
 * member removed from the staff list is refused at their next request. Answers 400 for a wrong request,
 * 401 without a valid session, 403 for a session that is not staff, 404 when the application or its
 * résumé does not exist, all as `{success: false, error}`.
 */
export function createConsoleResumeHandler(deps: ConsoleResumeDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));

  return acceptMethods(
    {
      POST: async (request) => {
        const read = await readJsonBody(request, MAX_BODY_BYTES);
        if (!read.ok) return read.response;
        const id = isRecord(read.body) ? read.body.id : undefined;
        if (typeof id !== 'string' || !UUID.test(id)) {
          return errorResponse(400, 'Send {"id": "<application id>"}.');
        }

        const authorization = (request.headers.get('authorization') ?? '').trim();
        if (!/^Bearer [^\s.]+\.[^\s.]+\.[^\s.]+$/i.test(authorization)) {
          return errorResponse(
            401,
            'Sign in first: send the session as Authorization: Bearer <token>.',
          );
        }

        let resume: { path: string; filename: string } | undefined;
        try {
          const opened = await deps
            .databaseFor(authorization)
            .rpc('console_open_resume', { p_id: id });
          if (opened.error) return refusal(opened, logError);
          if (opened.data === null) return errorResponse(404, 'This application has no résumé.');
          resume = openedResume(opened.data);
        } catch (error) {
          logError('console-resume: the database could not be reached', error);
          return errorResponse(500, 'The résumé could not be opened.');
        }
        if (!resume) {
          logError('console-resume: console_open_resume answered an unexpected shape', undefined);
          return errorResponse(500, 'The résumé could not be opened.');
        }

        let file: Blob;
        try {
          file = await deps.readResume(resume.path);
        } catch (error) {
          logError('console-resume: the résumé could not be read from storage', error);
          return errorResponse(500, 'The résumé could not be opened.');
        }
        const extension = resumeExtension(resume.path);
        return new Response(file.stream(), {
          status: 200,
          headers: {
            ...CORS_HEADERS,
            ...EXPOSE_HEADERS,
            'Content-Type': extension ? RESUME_TYPES[extension] : 'application/octet-stream',
            'Content-Length': String(file.size),
            'Content-Disposition': attachmentDisposition(resume.filename),
            // Personal data: no cache along the way may keep a copy.
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      },
    },
    { preflight: EXPOSE_HEADERS },
  );
}
