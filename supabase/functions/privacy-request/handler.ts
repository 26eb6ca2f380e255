import {
  guardLinkRequest,
  linkGuards,
  type LinkFunctionDeps,
} from '../_shared/consent/link-request.ts';
import type { PrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import type { PrivacyAction } from '../_shared/links/public-urls.ts';
import { privacyLinkToken } from '../_shared/mail-queue/link-tokens.ts';
import { isPlainEmailAddress } from '../_shared/rules/email-address.ts';
import type { PrivacyRequestResponseBody } from '../_shared/rules/function-answers.ts';

export interface PrivacyRequestDeps extends LinkFunctionDeps {
  ledger: Pick<PrivacyLedger, 'queueLink'>;
  /** MAIL_LINK_SECRET: the link's token is derived from it and the message id. */
  linkSecret: string;
  /**
   * Runs after the answer, whether or not a link was queued, so the answer takes as long either way:
   * sends what is queued when the provider's pace allows (EdgeRuntime.waitUntil on hosted Supabase).
   */
  afterAnswer?: () => void;
  /** A new message id; tests fix it. */
  newMessageId?: () => string;
}

const MAX_BODY_BYTES = 1024;
const ACTIONS: readonly PrivacyAction[] = ['erase', 'copy'];
const isAction = (value: unknown): value is PrivacyAction =>
  typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);

/**
 * privacy-request: `{email, action: 'erase' | 'copy'}` from the site's privacy page. It stores a 1-hour
 * token for the address's mailbox and, only when the mailbox has records here (and has had fewer than 3
 * links today at this client address's request, and fewer than 10 in all), queues the link's mail to the
 * mailbox (stored withheld, and never sent, over the person's daily budget of unconfirmed mail). The answer is the same 202 in every case: it says nothing about whether the address is known,
 * and the mail goes out after it.
 */
export function createPrivacyRequestHandler(deps: PrivacyRequestDeps): RequestHandler {
  const guards = linkGuards(deps);
  const logError = guards.logError;
  const afterAnswer = deps.afterAnswer ?? (() => undefined);
  const newMessageId = deps.newMessageId ?? (() => crypto.randomUUID());

  return acceptMethods({
    POST: async (request) => {
      const read = await readJsonBody(request, MAX_BODY_BYTES);
      if (!read.ok) return read.response;
      const { email, action } = isRecord(read.body) ? read.body : {};
      if (typeof email !== 'string' || !isPlainEmailAddress(email.trim()) || !isAction(action)) {
        return errorResponse(
          400,
          'Send {"email": a plain email address, "action": "erase" or "copy"}.',
        );
      }
      const refused = await guardLinkRequest(request, guards, 'privacy-request');
      if (refused) return refused;

      const messageId = newMessageId();
      const { hash } = await privacyLinkToken(deps.linkSecret, messageId, action);
      try {
        await deps.ledger.queueLink(
          email.trim(),
          action,
          messageId,
          hash,
          clientAddressOf(request),
        );
      } catch (error) {
        logError('privacy-request: the link could not be stored', error);
        return errorResponse(500, 'The request could not be stored.');
      }
      afterAnswer();
      const body: PrivacyRequestResponseBody = { success: true };
      return jsonResponse(202, body);
    },
  });
}
