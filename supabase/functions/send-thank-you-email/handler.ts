import { BodyTooLargeError, readBoundedBody } from '../_shared/http/bounded-body.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { jsonResponse, preflightResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { RATE_LIMITED_ERROR, type RateLimiter } from '../_shared/rate-limit.ts';
import { sendThankYou, type ThankYouMailer } from '../_shared/thank-you/send-thank-you.ts';
import type { ThankYouType } from '../_shared/thank-you/stored-signup.ts';
import { parseThankYouRequest } from './payload.ts';

export interface ThankYouHandlerDeps extends Omit<ThankYouMailer, 'logError'> {
  rateLimiter: RateLimiter;
  logError?: ThankYouMailer['logError'];
}

/** What the function answers: success, the provider's emailId and the type, or why not. */
export type ThankYouResponseBody =
  { success: true; emailId: string; type: ThankYouType } | { success: false; error: string };

const MAX_BODY_BYTES = 4 * 1024;
const NOT_ELIGIBLE = 'No recent sign-up awaiting a thank-you email was found for this address.';

const reply = (status: number, body: ThankYouResponseBody) => jsonResponse(status, body);

/**
 * send-thank-you-email as a plain fetch handler: Deno.serve runs it in production and the local server
 * runs the very same module. It is not an open relay: it mails only a sign-up that the ledger hands out a
 * claim on (recent, unmailed, of the matching type), to the stored address, with words from the stored
 * row. Calls are rate-limited per client address.
 */
export function createThankYouEmailHandler(deps: ThankYouHandlerDeps): RequestHandler {
  const mailer: ThankYouMailer = {
    ...deps,
    logError: deps.logError ?? ((message, error) => console.error(message, error)),
  };

  return async (request) => {
    if (request.method === 'OPTIONS') return preflightResponse();
    if (request.method !== 'POST') return reply(405, { success: false, error: 'Use POST.' });

    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(await readBoundedBody(request, MAX_BODY_BYTES)));
    } catch (error) {
      return error instanceof BodyTooLargeError
        ? reply(413, { success: false, error: 'The request body is too large.' })
        : reply(400, { success: false, error: 'The request body must be JSON.' });
    }
    const parsed = parseThankYouRequest(body);
    if (!parsed.ok) return reply(400, { success: false, error: parsed.error });
    const { type, email } = parsed.request;

    try {
      const limit = await deps.rateLimiter.take('send-thank-you-email', clientAddressOf(request));
      if (limit === 'limited') return reply(429, { success: false, error: RATE_LIMITED_ERROR });
    } catch (error) {
      mailer.logError('send-thank-you-email: the rate limit could not be checked', error);
      return reply(500, { success: false, error: 'The request could not be checked.' });
    }

    const outcome = await sendThankYou(mailer, type, email);
    switch (outcome.status) {
      case 'sent':
        return reply(200, { success: true, emailId: outcome.emailId, type });
      case 'not-eligible':
        return reply(403, { success: false, error: NOT_ELIGIBLE });
      case 'ledger-failed':
        return reply(500, { success: false, error: 'The sign-up could not be checked.' });
      case 'not-sent':
        return reply(502, { success: false, error: 'The email could not be sent.' });
      case 'outcome-unknown':
        return reply(502, { success: false, error: 'The email may not have been sent.' });
    }
  };
}
