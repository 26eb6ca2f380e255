import { DEFAULT_FROM } from '../_shared/brand.ts';
import { BodyTooLargeError, readBoundedBody } from '../_shared/http/bounded-body.ts';
import { isRecord } from '../_shared/http/json-body.ts';
import type { RequestHandler } from '../_shared/http/responses.ts';
import { PACE_MARGIN } from '../_shared/mail-queue/drain.ts';
import type { Delivery, MailTransport } from '../_shared/mail/types.ts';
import { renderSignInCodeEmail, SIGN_IN_CODE } from './sign-in-code-email.ts';
import { verifyWebhook } from './standard-webhooks.ts';

export interface SendAuthEmailDeps {
  /** The Send Email Hook's signing keys (SEND_EMAIL_HOOK_SECRET, standard-webhooks.ts). */
  keys: readonly Uint8Array<ArrayBuffer>[];
  transport: MailTransport;
  /**
   * Reserves the next send at the provider's pace, shared with the mail queue's workers
   * (public.take_mail_send_slot with the secret key): ms to wait, or -1 when it is beyond maxWaitMs.
   */
  takeSendSlot: (intervalMs: number, maxWaitMs: number) => Promise<number>;
  /** MAIL_SENDS_PER_SECOND: the provider's rate, all senders together. */
  sendsPerSecond: number;
  /** The From header; default the brand's support address. */
  from?: string;
  /** SITE_URL, for the mail's footer. */
  siteUrl: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  logError?: (message: string, error: unknown) => void;
}

/**
 * What Supabase Auth reads from a hook's answer. Only a 200, 202 or 204 JSON answer is read: `{}` means
 * sent, and `{error: {http_code, message}}` makes Auth answer the sign-in request with that status and
 * message. Any other status becomes a bare 500 there ("Hook requires authorization token" for 401,
 * "Unexpected status code returned from hook" and so on), so the refusals meant for a stranger use one,
 * and the failures meant for the person signing in are errors inside a 200.
 */
export type SendAuthEmailResponseBody =
  Record<string, never> | { error: { http_code: number; message: string } };

/** The hook's payload is small JSON (Auth caps what it sends far below this). */
const MAX_BODY_BYTES = 64 * 1024;
/**
 * Auth waits 5 s for the hook, then fails the sign-in request: the slot may take up to 1.5 s and the
 * provider 3 s (index.ts gives the transport that timeout), which leaves room for the database calls.
 */
export const MAX_SLOT_WAIT_MS = 1_500;

/**
 * The mails this function sends: a sign-in code, for a new address (signup) or a known one (magiclink,
 * email). Auth sends every other mail of a project through the hook too (recovery, email change, invite,
 * reauthentication, notifications); the console uses none of them, and they are answered as sent
 * without mailing, so that an answer never tells a stranger whether an account exists (POST /recover
 * calls the hook only for a known address).
 */
const SIGN_IN_ACTIONS: ReadonlySet<string> = new Set(['signup', 'magiclink', 'email']);

const NOT_SENT = 'The sign-in code could not be sent. Try again in a minute.';
const TOO_MANY = 'Too many emails are being sent right now. Try again in a minute.';

function answer(status: number, body: SendAuthEmailResponseBody): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const hookError = (status: number, httpCode: number, message: string) =>
  answer(status, { error: { http_code: httpCode, message } });

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A plain address as Auth stores it; the provider refuses anything else anyway. */
function recipientOf(user: unknown): string | undefined {
  const email = isRecord(user) ? user.email : undefined;
  return typeof email === 'string' && email.length <= 320 && /^[^@\s]+@[^@\s]+$/.test(email)
    ? email
    : undefined;
}

/**
 * send-auth-email: Supabase Auth's Send Email Hook. Auth POSTs `{user, email_data}` signed per Standard
 * Webhooks; this mails the sign-in code at once through the same provider as every other mail, at the
 * provider's pace, under the Idempotency-Key `webhook-id` (a replayed request is not mailed twice). It
 * is not queued: the person is waiting for the code, and the code is a secret that is never stored
 * (docs/mail-queue.md, "Sign-in codes"). Nothing here logs the code or the address.
 */
export function createSendAuthEmailHandler(deps: SendAuthEmailDeps): RequestHandler {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const intervalMs = (1000 / deps.sendsPerSecond) * PACE_MARGIN;

  return async (request) => {
    if (request.method !== 'POST') return hookError(405, 405, 'Use POST.');
    let body: string;
    try {
      body = new TextDecoder().decode(await readBoundedBody(request, MAX_BODY_BYTES));
    } catch (error) {
      return error instanceof BodyTooLargeError
        ? hookError(413, 413, 'The request body is too large.')
        : hookError(400, 400, 'The request body could not be read.');
    }
    const verified = await verifyWebhook(
      deps.keys,
      request.headers,
      body,
      Math.floor(now() / 1000),
    );
    if (!verified.ok) {
      return hookError(
        401,
        401,
        verified.reason === 'stale'
          ? 'The webhook timestamp is too old or too far ahead.'
          : 'The webhook signature is missing or wrong.',
      );
    }

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return hookError(400, 400, 'The payload is not JSON.');
    }
    const emailData = isRecord(payload) ? payload.email_data : undefined;
    const action = isRecord(emailData) ? emailData.email_action_type : undefined;
    if (typeof action !== 'string') return hookError(400, 400, 'The payload has no email_data.');
    if (!SIGN_IN_ACTIONS.has(action)) return answer(200, {});

    const to = isRecord(payload) ? recipientOf(payload.user) : undefined;
    const code = isRecord(emailData) ? emailData.token : undefined;
    if (to === undefined || typeof code !== 'string' || !SIGN_IN_CODE.test(code)) {
      return hookError(400, 400, 'The payload has no address or no code.');
    }

    let wait: number;
    try {
      wait = await deps.takeSendSlot(intervalMs, MAX_SLOT_WAIT_MS);
    } catch (error) {
      logError('send-auth-email: no send slot (the database failed)', error);
      return hookError(200, 500, NOT_SENT);
    }
    if (wait < 0) return hookError(200, 429, TOO_MANY);
    if (wait > 0) await sleep(wait);

    const delivery: Delivery = await deps.transport.deliver({
      ...renderSignInCodeEmail(code, deps.siteUrl),
      from: deps.from ?? DEFAULT_FROM,
      to,
      idempotencyKey: verified.id,
    });
    switch (delivery.status) {
      case 'sent':
        return answer(200, {});
      case 'throttled':
        logError('send-auth-email: the provider is throttling', delivery.reason);
        return hookError(200, 429, TOO_MANY);
      default:
        logError(`send-auth-email: not sent (${delivery.status})`, delivery.reason);
        return hookError(200, 500, NOT_SENT);
    }
  };
}
