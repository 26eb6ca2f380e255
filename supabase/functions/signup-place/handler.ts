import {
  linkGuards,
  tokenLinkFunction,
  type LinkFunctionDeps,
} from '../_shared/consent/link-request.ts';
import type { ConsentLedger } from '../_shared/consent/link-ledger.ts';
import { jsonResponse, type RequestHandler } from '../_shared/http/responses.ts';
import type { SignupPlaceResponseBody } from '../_shared/rules/function-answers.ts';

export type SignupPlaceDeps = LinkFunctionDeps & { ledger: Pick<ConsentLedger, 'place'> };

/**
 * signup-place: the site's place page (/email/place) POSTs `{token}` from the link of the place mail when
 * it opens, and shows the confirmed sign-up's place in line now and its referral link. Looking changes
 * nothing, and the token keeps working as long as the sign-up is confirmed. It tells only the owner of the
 * link about their own row; every other token gets the one neutral answer.
 */
export function createSignupPlaceHandler(deps: SignupPlaceDeps): RequestHandler {
  return tokenLinkFunction(
    linkGuards(deps),
    'signup-place',
    'the place could not be read',
    (hash) => deps.ledger.place(hash),
    (place) => {
      const body: SignupPlaceResponseBody = {
        success: true,
        list: place.list,
        position: place.position,
        referralCode: place.referralCode,
      };
      return jsonResponse(200, body);
    },
  );
}
