import {
  guardLinkRequest,
  linkNotValid,
  methodNotAllowed,
  type LinkRequestGuards,
} from '../_shared/consent/link-request.ts';
import type { ConsentLedger, MailList } from '../_shared/consent/link-ledger.ts';
import { isRecord, readJsonBody } from '../_shared/http/json-body.ts';
import { jsonResponse, preflightResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { isTokenShape, tokenHash } from '../_shared/tokens/email-token.ts';

export interface ConfirmEmailDeps extends Omit<LinkRequestGuards, 'logError'> {
  ledger: Pick<ConsentLedger, 'confirm'>;
  logError?: LinkRequestGuards['logError'];
}

export type ConfirmEmailResponseBody =
  { success: true; list: MailList } | { success: false; error: string };

const MAX_BODY_BYTES = 1024;

/**
 * confirm-email: the site's confirmation page POSTs `{token}` when the visitor presses its button (a link
 * scanner's GET of the page confirms nothing). A confirm token works once, for 7 days; it marks its
 * sign-up confirmed and says which list. Every other token gets the one neutral answer.
 */
export function createConfirmEmailHandler(deps: ConfirmEmailDeps): RequestHandler {
  const guards: LinkRequestGuards = {
    ...deps,
    logError: deps.logError ?? ((message, error) => console.error(message, error)),
  };
  return async (request) => {
    if (request.method === 'OPTIONS') return preflightResponse();
    if (request.method !== 'POST') return methodNotAllowed('POST');
    const refused = await guardLinkRequest(request, guards, 'confirm-email');
    if (refused) return refused;

    const read = await readJsonBody(request, MAX_BODY_BYTES);
    if (!read.ok) return read.response;
    const token = isRecord(read.body) ? read.body.token : undefined;
    if (!isTokenShape(token)) return linkNotValid();

    let list: MailList | null;
    try {
      list = await deps.ledger.confirm(await tokenHash(token));
    } catch (error) {
      guards.logError('confirm-email: the confirmation failed', error);
      return jsonResponse(500, { success: false, error: 'The link could not be checked.' });
    }
    if (list === null) return linkNotValid();
    const body: ConfirmEmailResponseBody = { success: true, list };
    return jsonResponse(200, body);
  };
}
