import {
  linkNotValid,
  readLinkTokenHash,
  type LinkRequestGuards,
} from '../_shared/consent/link-request.ts';
import type { ConsentLedger, LinePlace } from '../_shared/consent/link-ledger.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import type { SignupPlaceResponseBody } from '../_shared/rules/function-answers.ts';

export interface SignupPlaceDeps extends Omit<LinkRequestGuards, 'logError'> {
  ledger: Pick<ConsentLedger, 'place'>;
  logError?: LinkRequestGuards['logError'];
}

/**
 * signup-place: the site's place page (/email/place) POSTs `{token}` from the link of the place mail when
 * it opens, and shows the confirmed sign-up's place in line now and its referral link. Looking changes
 * nothing, and the token keeps working as long as the sign-up is confirmed. It tells only the owner of the
 * link about their own row; every other token gets the one neutral answer.
 */
export function createSignupPlaceHandler(deps: SignupPlaceDeps): RequestHandler {
  const guards: LinkRequestGuards = {
    ...deps,
    logError: deps.logError ?? ((message, error) => console.error(message, error)),
  };
  return acceptMethods({
    POST: async (request) => {
      const link = await readLinkTokenHash(request, guards, 'signup-place');
      if ('response' in link) return link.response;

      let place: LinePlace | null;
      try {
        place = await deps.ledger.place(link.hash);
      } catch (error) {
        guards.logError('signup-place: the place could not be read', error);
        return errorResponse(500, 'The link could not be checked.');
      }
      if (place === null) return linkNotValid();
      const body: SignupPlaceResponseBody = {
        success: true,
        list: place.list,
        position: place.position,
        referralCode: place.referralCode,
      };
      return jsonResponse(200, body);
    },
  });
}
