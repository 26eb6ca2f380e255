import { readJsonBody } from '../_shared/http/body.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import { RATE_LIMITED_ERROR, type RateLimiter } from '../_shared/rate-limit.ts';
import {
  queueConfirmationAgain,
  queueThankYou,
  type ThankYouQueue,
} from '../_shared/thank-you/queue-thank-you.ts';
import type { ThankYouResponseBody } from '../_shared/rules/function-answers.ts';
import { parseThankYouRequest } from './payload.ts';

export interface ThankYouHandlerDeps extends Omit<ThankYouQueue, 'logError'> {
  rateLimiter: RateLimiter;
  /** Runs after the answer: sends what was queued, when the provider's pace allows (EdgeRuntime.waitUntil). */
  afterAnswer?: () => void;
  logError?: ThankYouQueue['logError'];
}

const MAX_BODY_BYTES = 4 * 1024;
const NOT_ELIGIBLE = 'No recent sign-up awaiting a thank-you email was found for this address.';

const reply = (status: number, body: ThankYouResponseBody) => jsonResponse(status, body);

/**
 * send-thank-you-email as a plain fetch handler: Deno.serve runs it in production and in the local
 * server. The sign-up's insert queued its mail (supabase/schemas/mail-kinds.sql), so this is the browser's
 * harmless follow-up: it answers which message is queued for the recent sign-up of the type and address
 * (the same every time; 403 when there is none) and sends for a moment after answering. It is not an
 * open relay: the worker renders every mail from the stored row. `again` queues a fresh confirmation for
 * an unconfirmed list sign-up instead. Calls are rate-limited per client address.
 */
export function createThankYouEmailHandler(deps: ThankYouHandlerDeps): RequestHandler {
  const queue: ThankYouQueue = {
    ...deps,
    logError: deps.logError ?? ((message, error) => console.error(message, error)),
  };
  const afterAnswer = deps.afterAnswer ?? (() => undefined);

  return acceptMethods({
    POST: async (request) => {
      const read = await readJsonBody(request, MAX_BODY_BYTES);
      if (!read.ok) return read.response;
      const parsed = parseThankYouRequest(read.body);
      if (!parsed.ok) return errorResponse(400, parsed.error);
      const { type, email, again } = parsed.request;

      try {
        const limit = await deps.rateLimiter.take('send-thank-you-email', clientAddressOf(request));
        if (limit === 'limited') return errorResponse(429, RATE_LIMITED_ERROR);
      } catch (error) {
        queue.logError('send-thank-you-email: the rate limit could not be checked', error);
        return errorResponse(500, 'The request could not be checked.');
      }

      if (again && type !== 'career') {
        // The same answer whether a mail was queued, capped, or the address is a member or unknown, and
        // the same work after it.
        await queueConfirmationAgain(queue, type, email);
        afterAnswer();
        return reply(202, { success: true, type });
      }

      const outcome = await queueThankYou(queue, type, email);
      switch (outcome.status) {
        case 'queued':
          afterAnswer();
          return reply(200, { success: true, type, messageId: outcome.messageId });
        case 'not-eligible':
          return errorResponse(403, NOT_ELIGIBLE);
        case 'queue-failed':
          return errorResponse(500, 'The email could not be sent.');
      }
    },
  });
}
