import { isBotRequest } from '../_shared/http/bot-user-agent.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { CORS_HEADERS } from '../_shared/http/cors.ts';
import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import { acceptMethods, errorResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { isFromSiteOrNoBrowser } from '../_shared/http/site-origin.ts';
import { checkAttribution, PATH_PATTERN } from '../_shared/rules/attribution.ts';
import type { Visit, VisitStore } from './visit-store.ts';

export interface RecordVisitDeps {
  visits: VisitStore;
  /** The site's browser origins (site-origin.ts). */
  siteOrigins: ReadonlySet<string>;
  logError?: (message: string, error: unknown) => void;
}

/** A path, a flag and four short tags: far below this. */
export const MAX_VISIT_BODY_BYTES = 1024;

/** The fields of a beacon; anything else is refused, so nothing a visitor adds is ever kept. */
const VISIT_FIELDS: ReadonlySet<string> = new Set([
  'path',
  'landing',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
]);

/** The beacon's checked body, or null for anything not exactly its shape. */
export function toVisit(body: unknown): Visit | null {
  if (!isRecord(body)) return null;
  const { path, landing, ...tags } = body;
  if (Object.keys(body).some((key) => !VISIT_FIELDS.has(key))) return null;
  if (typeof path !== 'string' || !PATH_PATTERN.test(path) || typeof landing !== 'boolean') {
    return null;
  }
  // The tags have the shapes the sign-ups store them in (rules/attribution.ts).
  const source = checkAttribution(tags);
  return source === null ? null : { path, landing, source };
}

/** The beacon's answer whatever became of it: the page has nothing to do with it. */
const noContent = () => new Response(null, { status: 204, headers: CORS_HEADERS });

/**
 * record-visit: the site's beacon, one POST per page view once the page is idle (docs/growth.md,
 * "Counting visits"): `{path, landing, utm_source?, utm_medium?, utm_campaign?, referrer_host?}`. It
 * adds one view (and one landing) to the day's counts of that path and source; no cookie, no identifier,
 * and the client address only for the rate limit, which record_visit applies and which drops the view
 * silently. A known bot's request (isbot, or no User-Agent at all) and a page of another origin are
 * answered alike and count nothing.
 */
export function createRecordVisitHandler(deps: RecordVisitDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  return acceptMethods({
    POST: async (request) => {
      // A page of another origin counts nothing and is answered as a bot is: the answer tells no page
      // anything, and a refusal would only print an error in the console of a page that copied the site.
      if (!isFromSiteOrNoBrowser(request, deps.siteOrigins)) return noContent();
      const read = await readJsonBody(request, MAX_VISIT_BODY_BYTES);
      if (!read.ok) return read.response;
      const visit = toVisit(read.body);
      if (visit === null) {
        return errorResponse(400, 'The body is not a page view of the shape the site sends.');
      }
      if (isBotRequest(request)) return noContent();

      try {
        await deps.visits.record(visit, clientAddressOf(request));
      } catch (error) {
        logError('record-visit: the visit could not be counted', error);
        return errorResponse(500, 'The visit could not be counted.');
      }
      return noContent();
    },
  });
}
