import {
  callerAuthorization,
  rpcRefusal,
  type DatabaseFor,
  type RefusalWords,
} from '../_shared/console/as-caller.ts';
import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import { attachmentDisposition } from '../_shared/http/content-disposition.ts';
import { CORS_HEADERS } from '../_shared/http/cors.ts';
import { acceptMethods, errorResponse, type RequestHandler } from '../_shared/http/responses.ts';
import {
  RESUME_PATH_PATTERN,
  RESUME_TYPES,
  resumeExtension,
} from '../_shared/rules/resume-file.ts';

export interface ConsoleResumeDeps {
  /**
   * A client for this request's caller: the project's publishable key as apikey and the caller's own
   * `Authorization` header, so the API checks the session and console_open_resume checks staff
   * (callerDatabases, _shared/entry/function-setup.ts).
   */
  databaseFor: DatabaseFor;
  /** The object's bytes, read with the service role; throws when storage fails or has no such object. */
  readResume: (path: string) => Promise<Blob>;
  logError?: (message: string, error: unknown) => void;
}

/** `{"id": "<uuid>"}` and some room for whitespace. */
const MAX_BODY_BYTES = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// So the console can read the file's name from a cross-origin answer.
const EXPOSE_HEADERS = { 'Access-Control-Expose-Headers': 'Content-Disposition' };

const REFUSAL: RefusalWords = {
  forbidden: 'Only staff may open résumés.',
  failed: 'The résumé could not be opened.',
  logLine: 'console-resume: console_open_resume failed',
};

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
 * and hosted Supabase cannot revoke one on its own, so staff do not sign (the résumés' bucket in
 * supabase/schemas/signups.sql). A member removed from the staff list is refused at their next request.
 * Answers 400 for a wrong request, 401 without a valid session, 403 for a session that is not staff, 404
 * when the application or its résumé does not exist, all as `{success: false, error}`.
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

        const caller = callerAuthorization(request);
        if (!caller.ok) return caller.response;

        let resume: { path: string; filename: string } | undefined;
        try {
          const opened = await deps
            .databaseFor(caller.authorization)
            .rpc('console_open_resume', { p_id: id });
          if (opened.error) return rpcRefusal(opened, REFUSAL, logError);
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
