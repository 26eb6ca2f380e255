import {
  linkGuards,
  tokenLinkFunction,
  type LinkFunctionDeps,
} from '../_shared/consent/link-request.ts';
import type { ConsentLedger } from '../_shared/consent/link-ledger.ts';
import { isDisposableDomain } from '../_shared/consent/disposable-domain.ts';
import { jsonResponse, type RequestHandler } from '../_shared/http/responses.ts';
import type { ConfirmEmailResponseBody } from '../_shared/rules/function-answers.ts';

export type ConfirmEmailDeps = LinkFunctionDeps & {
  ledger: Pick<ConsentLedger, 'confirmDomain' | 'confirm'>;
  /** Runs after the answer: sends the place mail a confirmation queued (EdgeRuntime.waitUntil). */
  afterAnswer?: () => void;
  /** The disposable-domain list (disposable-domain.ts); tests pass their own. */
  isDisposableDomain?: (domain: string) => boolean;
};

/**
 * confirm-email: the site's confirmation page POSTs `{token}` when the visitor presses its button (a link
 * scanner's GET of the page confirms nothing). A confirm token works once, for 7 days; it marks its
 * sign-up confirmed and says which list, and for the early-access list and the waitlist the place in line
 * the sign-up now has and its referral code (docs/growth.md). An address at a disposable domain confirms
 * like any other, but a referral it came through credits nobody. Every other token gets the one neutral
 * answer.
 */
export function createConfirmEmailHandler(deps: ConfirmEmailDeps): RequestHandler {
  const disposable = deps.isDisposableDomain ?? isDisposableDomain;
  const afterAnswer = deps.afterAnswer ?? (() => undefined);
  return tokenLinkFunction(
    linkGuards(deps),
    'confirm-email',
    'the confirmation failed',
    async (hash) => {
      // Asked first, so the hold is set in the confirming transaction; an unknown token has no domain
      // and is then refused by confirm_signup as before.
      const domain = await deps.ledger.confirmDomain(hash);
      return deps.ledger.confirm(hash, domain !== null && disposable(domain));
    },
    (confirmation) => {
      const body: ConfirmEmailResponseBody = { success: true, list: confirmation.list };
      if (confirmation.place) {
        body.place = confirmation.place;
        // The place mail was queued with the confirmation; send it now if the provider's pace allows.
        afterAnswer();
      }
      return jsonResponse(200, body);
    },
  );
}
