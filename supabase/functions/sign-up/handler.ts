import type { BotCheck } from '../_shared/bot-check/verdict.ts';
import { readJsonBody } from '../_shared/http/body.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { acceptMethods, jsonResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { RATE_LIMITED_ERROR } from '../_shared/rate-limit.ts';
import { botCheckAction } from '../_shared/rules/bot-check.ts';
import type { SignUpError, SignUpResponseBody } from '../_shared/rules/function-answers.ts';
import {
  queueConfirmationAgain,
  type ThankYouQueue,
} from '../_shared/thank-you/queue-thank-you.ts';
import { readEnvelope, readSignUp } from './signup-request.ts';
import type { SignupStore } from './signup-store.ts';

export interface SignUpDeps extends Omit<ThankYouQueue, 'logError'> {
  signups: SignupStore;
  /** Asks the bot check (Turnstile's siteverify) about a token made for `action` by the visitor at `remoteIp`. */
  verifyBotCheck: (token: unknown, action: string, remoteIp: string | null) => Promise<BotCheck>;
  /** Runs after the answer: sends what was queued, when the provider's pace allows (EdgeRuntime.waitUntil). */
  afterAnswer?: () => void;
  logError?: ThankYouQueue['logError'];
}

/** A sign-up's JSON is a few hundred bytes; the longest waitlist form is under 4 KiB. */
const MAX_BODY_BYTES = 8 * 1024;

/** What each refusal says to whoever reads it by hand; the forms show their own words for each code. */
const REFUSALS: Record<SignUpError, { status: number; message: string }> = {
  invalid: { status: 400, message: 'Some fields are missing or invalid.' },
  bot_check_failed: {
    status: 403,
    message: 'The bot check did not pass: solve a new one and send the form again.',
  },
  bot_check_unavailable: {
    status: 503,
    message: 'The bot check could not be completed. Try again in a moment.',
  },
  duplicate: { status: 409, message: 'This address is already on the list.' },
  rate_limited: { status: 429, message: RATE_LIMITED_ERROR },
  failed: { status: 500, message: 'The sign-up could not be stored.' },
};

function refuse(error: SignUpError, fields?: string[]): Response {
  const body: SignUpResponseBody & { message: string } = {
    success: false,
    error,
    message: REFUSALS[error].message,
    ...(fields ? { fields } : {}),
  };
  return jsonResponse(REFUSALS[error].status, body);
}

/**
 * sign-up: every list's form in one request (docs/security.md, "Sign-ups"). In order, so that nothing is
 * stored, mailed or counted for a request that fails a step: the body (JSON, 8 KiB), the list; the bot
 * check's token, verified with Turnstile's siteverify for the list's action and the visitor's address
 * (403 when refused, 503 when siteverify cannot say: it fails closed); the form's fields, checked as the
 * table's constraints would; then public.sign_up stores the row with the visitor's address (the client
 * address's limit, suppression, referral and the confirmation's mail are the database's, in the same
 * transaction). A duplicate asks for a fresh confirmation for a still unconfirmed sign-up, and answers the
 * duplicate either way.
 */
export function createSignUpHandler(deps: SignUpDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const queue: ThankYouQueue = { ...deps, logError };
  const afterAnswer = deps.afterAnswer ?? (() => undefined);

  return acceptMethods({
    POST: async (request) => {
      const read = await readJsonBody(request, MAX_BODY_BYTES);
      if (!read.ok) return read.response;
      const envelope = readEnvelope(read.body);
      if (!envelope.ok)
        return jsonResponse(400, { success: false, error: 'invalid', message: envelope.message });
      const clientAddress = clientAddressOf(request);

      const check = await deps.verifyBotCheck(
        envelope.token,
        botCheckAction(envelope.list),
        clientAddress,
      );
      if (check.outcome === 'unavailable') {
        logError(`sign-up: the bot check could not be asked (${check.reason})`, check.detail);
        return refuse('bot_check_unavailable');
      }
      if (check.outcome === 'refused') return refuse('bot_check_failed');

      const reading = readSignUp(read.body as Record<string, unknown>, envelope.list);
      if (!reading.ok) return refuse('invalid', reading.fields);
      const { signUp } = reading;

      const stored = await deps.signups.signUp(signUp, clientAddress);
      switch (stored.status) {
        case 'stored':
          if (stored.emailSent) afterAnswer();
          return jsonResponse(200, {
            success: true,
            list: signUp.list,
            emailSent: stored.emailSent,
          } satisfies SignUpResponseBody);
        case 'duplicate': {
          const email = signUp.row.email ?? '';
          const again = await queueConfirmationAgain(queue, signUp.list, email);
          if (again.status === 'queued') afterAnswer();
          return refuse('duplicate');
        }
        case 'rate_limited':
          return refuse('rate_limited');
        case 'invalid':
          return refuse('invalid');
        case 'failed':
          logError('sign-up: the sign-up could not be stored', stored.reason);
          return refuse('failed');
      }
    },
  });
}
