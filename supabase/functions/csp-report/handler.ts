import { readJsonBody } from '../_shared/http/body.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { CORS_HEADERS } from '../_shared/http/cors.ts';
import { acceptMethods, errorResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { CSP_RELEASE_PARAM, CSP_REPORT_LIMITS, cspRelease } from '../_shared/rules/csp-reports.ts';
import type { ViolationStore } from './violation-store.ts';
import { readReports, reportFormatOf } from './violations.ts';

export interface CspReportDeps {
  violations: ViolationStore;
  logError?: (message: string, error: unknown) => void;
}

/** The answer to every report that is not a protocol error, counted or not: browsers ignore it. */
const noContent = () => new Response(null, { status: 204 });

/**
 * csp-report: where browsers send Content-Security-Policy violations (docs/security.md, "CSP reports"),
 * `POST …/functions/v1/csp-report?release=<release>` with a legacy report (`application/csp-report`) or a
 * Reporting API batch (`application/reports+json`). It adds one to the day's count of each violation's
 * directive, blocked source, page and sample, and keeps nothing else: no address, no user agent, no full
 * URL. A browser sends no API key with a report, so none is asked; the body cap, the batch cap, the
 * per-address limit (which drops reports silently) and the day's row cap are what bound it. It answers
 * no CORS preflight, so only a browser's own report delivery (and tools such as curl) can reach it. Headless
 * browsers are counted: the end-to-end suites' own Chromium is whose reports the team must see.
 */
export function createCspReportHandler(deps: CspReportDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const answer = answerReport(deps.violations, logError);
  return async (request) => withoutCors(await answer(request));
}

/** The shared answers carry the CORS headers supabase-js needs; this function's carry none. */
function withoutCors(response: Response): Response {
  for (const name of Object.keys(CORS_HEADERS)) response.headers.delete(name);
  return response;
}

function answerReport(
  violations: ViolationStore,
  logError: (message: string, error: unknown) => void,
): RequestHandler {
  return acceptMethods(
    {
      POST: async (request) => {
        const format = reportFormatOf(request.headers.get('content-type'));
        if (format === null) {
          // Checked before the body is read: nothing else is a browser's report.
          await request.body?.cancel().catch(() => undefined);
          return errorResponse(415, 'Send application/csp-report or application/reports+json.');
        }
        const sent = await readJsonBody(request, CSP_REPORT_LIMITS.maxBodyBytes, {
          name: 'report',
        });
        if (!sent.ok) return sent.response;
        const read = readReports(format, sent.body);
        if (!read.ok) {
          return errorResponse(400, 'The body is not a CSP report of the type it names.');
        }
        if (read.violations.length === 0) return noContent();

        const release = cspRelease(new URL(request.url).searchParams.get(CSP_RELEASE_PARAM));
        try {
          await violations.record(release, read.violations, clientAddressOf(request));
        } catch (error) {
          logError('csp-report: the report could not be counted', error);
          return errorResponse(500, 'The report could not be counted.');
        }
        return noContent();
      },
    },
    // No CORS, and so no preflight: a browser sends a `report-uri` report without one (no-cors), and a
    // report's content types are not ones a page may send another origin without a preflight, so no
    // other site's script can make its visitors' browsers send us reports.
    { preflight: false },
  );
}
