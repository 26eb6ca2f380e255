import { clientAddressOf } from '../http/client-address.ts';
import { isRecord, readJsonBody } from '../http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../http/responses.ts';
import { isFromSiteOrNoBrowser } from '../http/site-origin.ts';
import { RATE_LIMITED_ERROR, type LimitedAction, type RateLimiter } from '../rate-limit.ts';
import { isTokenShape, tokenHash } from '../tokens/email-token.ts';

/**
 * The one answer to a token that is unknown, used, expired, malformed or of another purpose: the same
 * status and body in every case, so nobody learns which, nor anything about an address.
 */
export const LINK_NOT_VALID_STATUS = 400;
export const LINK_NOT_VALID_BODY = { success: false, error: 'link_not_valid' } as const;

export function linkNotValid(): Response {
  return jsonResponse(LINK_NOT_VALID_STATUS, LINK_NOT_VALID_BODY);
}

export interface LinkRequestGuards {
  rateLimiter: RateLimiter;
  /** The site's browser origins (site-origin.ts). */
  siteOrigins: ReadonlySet<string>;
  logError: (message: string, error: unknown) => void;
}

/** What a link function is given: the guards, with the log as an option (the console by default). */
export type LinkFunctionDeps = Omit<LinkRequestGuards, 'logError'> & {
  logError?: LinkRequestGuards['logError'];
};

export function linkGuards(deps: LinkFunctionDeps): LinkRequestGuards {
  return {
    rateLimiter: deps.rateLimiter,
    siteOrigins: deps.siteOrigins,
    logError: deps.logError ?? ((message, error) => console.error(message, error)),
  };
}

/**
 * What every link function checks before it reads a token: the request comes from the site's pages or
 * from no browser at all, and the client address is within the action's limit. The answer to give, or
 * null to go on.
 */
export async function guardLinkRequest(
  request: Request,
  guards: LinkRequestGuards,
  action: LimitedAction,
): Promise<Response | null> {
  if (!isFromSiteOrNoBrowser(request, guards.siteOrigins)) {
    return errorResponse(403, 'origin_not_allowed');
  }
  try {
    const limit = await guards.rateLimiter.take(action, clientAddressOf(request));
    if (limit === 'limited') return errorResponse(429, RATE_LIMITED_ERROR);
  } catch (error) {
    guards.logError(`${action}: the rate limit could not be checked`, error);
    return errorResponse(500, 'The request could not be checked.');
  }
  return null;
}

/** A `{token}` body: far below this. */
const TOKEN_BODY_MAX_BYTES = 1024;

/**
 * A link function's POST of `{token}` (confirm-email, signup-place), past guardLinkRequest: the hash of
 * its token, or the answer to give instead (a refusal of the guards, a body that cannot be read, the
 * neutral answer to a token of the wrong shape).
 */
export async function readLinkTokenHash(
  request: Request,
  guards: LinkRequestGuards,
  action: LimitedAction,
): Promise<{ hash: string } | { response: Response }> {
  const refused = await guardLinkRequest(request, guards, action);
  if (refused) return { response: refused };
  const read = await readJsonBody(request, TOKEN_BODY_MAX_BYTES);
  if (!read.ok) return { response: read.response };
  const token = isRecord(read.body) ? read.body.token : undefined;
  if (!isTokenShape(token)) return { response: linkNotValid() };
  return { hash: await tokenHash(token) };
}

/**
 * A function that answers a POST of `{token}` by what its token finds (confirm-email, signup-place):
 * past readLinkTokenHash, `find` looks the hash up (or acts on it); nothing found is the neutral answer,
 * a `find` that throws is logged as `<action>: <failure>` and answered 500, and what is found is
 * answered by `answer`. `action` is both the function's name and its rate-limit bucket.
 */
export function tokenLinkFunction<Found>(
  guards: LinkRequestGuards,
  action: LimitedAction,
  failure: string,
  find: (hash: string) => Promise<Found | null>,
  answer: (found: Found) => Response,
): RequestHandler {
  return acceptMethods({
    POST: async (request) => {
      const link = await readLinkTokenHash(request, guards, action);
      if ('response' in link) return link.response;
      let found: Found | null;
      try {
        found = await find(link.hash);
      } catch (error) {
        guards.logError(`${action}: ${failure}`, error);
        return errorResponse(500, 'The link could not be checked.');
      }
      return found === null ? linkNotValid() : answer(found);
    },
  });
}
