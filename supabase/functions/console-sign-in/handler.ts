import { DEFAULT_FROM } from '../_shared/rules/brand.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import { isFromSiteOrNoBrowser } from '../_shared/http/site-origin.ts';
import { PACE_MARGIN } from '../_shared/mail-queue/drain.ts';
import { renderSignInCodeEmail } from '../_shared/mail/sign-in-code-email.ts';
import type { MailTransport } from '../_shared/mail/types.ts';
import { RATE_LIMITED_ERROR } from '../_shared/rate-limit.ts';
import { CONSOLE_SIGN_IN, CONSOLE_SIGN_IN_CODE } from '../_shared/rules/console-sign-in.ts';
import { EMAIL_MAX_LENGTH, isPlainEmailAddress } from '../_shared/rules/email-address.ts';
import type { SignInToken } from '../_shared/rules/function-answers.ts';

/** The database's side (supabase/schemas/staff-sign-in.sql), 'limited' for its PT429. */
export interface SignInCodeStore {
  /** Stores the code for a staff address whose pace allows a mail: true, and it is to be mailed. */
  requestCode(
    email: string,
    codeMac: string,
    clientAddress: string | null,
  ): Promise<boolean | 'limited'>;
  /** The staff member's Auth address when the code is one of theirs (then used up), else null. */
  checkCode(
    email: string,
    codeMac: string,
    clientAddress: string | null,
  ): Promise<string | null | 'limited'>;
}

export interface ConsoleSignInDeps {
  store: SignInCodeStore;
  /** Auth's admin generate_link for the staff member's Auth address: a token hash, nothing mailed. */
  signInToken: (authEmail: string) => Promise<SignInToken>;
  /** Makes a code's HMAC (codeMacKey), so the database never holds what signs anyone in. */
  codeMac: (email: string, code: string) => Promise<string>;
  transport: MailTransport;
  /** public.take_mail_send_slot: ms to wait for the provider's pace, or -1 beyond maxWaitMs. */
  takeSendSlot: (intervalMs: number, maxWaitMs: number) => Promise<number>;
  sendsPerSecond: number;
  /** Runs a task after the answer (EdgeRuntime.waitUntil): the mail of a code. */
  afterAnswer: (task: () => Promise<unknown>) => void;
  /** The site's browser origins (site-origin.ts). */
  siteOrigins: ReadonlySet<string>;
  siteUrl: string;
  from?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  randomCode?: () => string;
  logError?: (message: string, error: unknown) => void;
}

/** The one answer to a code that is not right, whatever the address: wrong, used, expired, not staff. */
export const CODE_NOT_VALID = { status: 403, body: { success: false, error: 'code_not_valid' } };

/** A body of `{email}` or `{email, code}`: far below this. */
const MAX_BODY_BYTES = 1024;
/** How long the code's mail may wait for the provider's pace; past it the code is not mailed. */
const MAX_SLOT_WAIT_MS = 30_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Ten digits, each of the ten equally likely (bytes of 250 and above are drawn again). */
export function randomSignInCode(): string {
  let code = '';
  while (code.length < CONSOLE_SIGN_IN.codeDigits) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 250 && code.length < CONSOLE_SIGN_IN.codeDigits) code += String(byte % 10);
    }
  }
  return code;
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The HMAC-SHA-256 of an address and a code under a key derived from MAIL_LINK_SECRET for this one
 * purpose: what the database stores and compares, never the code.
 */
export async function codeMacKey(
  linkSecret: string,
): Promise<(email: string, code: string) => Promise<string>> {
  const encode = (text: string) => new TextEncoder().encode(text);
  const root = await crypto.subtle.importKey(
    'raw',
    encode(linkSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const derived = await crypto.subtle.sign('HMAC', root, encode('console sign-in code'));
  const key = await crypto.subtle.importKey(
    'raw',
    derived,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return async (email, code) =>
    hex(await crypto.subtle.sign('HMAC', key, encode(`${email}\n${code}`)));
}

/** The typed address as the staff list holds one (trimmed, lower case), or undefined. */
function addressOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && isPlainEmailAddress(email) ? email : undefined;
}

/**
 * console-sign-in: the console's sign-in, in two calls with the publishable key.
 *
 * `{email}` asks for a code. Every address gets the same answer, 200, and takes at least answerFloorMs:
 * for an address on the staff list whose pace allows, a code is stored (as its HMAC) and mailed after
 * the answer; for any other address nothing happens. So the answer says nothing about who is staff, and
 * made-up addresses spend nothing staff need. Only the client address's limit (429) can refuse it.
 *
 * `{email, code}` enters a code. A right one is used up and answered with a token hash of the staff
 * member's Auth user (whose address is not theirs: public.staff.auth_email, supabase/schemas/staff.sql),
 * which the console hands to Auth's verifyOtp to get its session. Anything else, for any address, is the
 * one 403, after the same floor. The client address's limit on checks (429) bounds guessing.
 */
export function createConsoleSignInHandler(deps: ConsoleSignInDeps): RequestHandler {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const randomCode = deps.randomCode ?? randomSignInCode;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const intervalMs = (1000 / deps.sendsPerSecond) * PACE_MARGIN;

  const untilFloor = async (start: number) => {
    const left = start + CONSOLE_SIGN_IN.answerFloorMs - now();
    if (left > 0) await sleep(left);
  };

  /** Mails a code after the answer; a failure is logged (never the code or the address). */
  const mailCode = async (to: string, code: string) => {
    try {
      const wait = await deps.takeSendSlot(intervalMs, MAX_SLOT_WAIT_MS);
      if (wait < 0) {
        logError('console-sign-in: no send slot in time; the code was not mailed', undefined);
        return;
      }
      if (wait > 0) await sleep(wait);
      const delivery = await deps.transport.deliver({
        ...renderSignInCodeEmail(code, deps.siteUrl),
        from: deps.from ?? DEFAULT_FROM,
        to,
        idempotencyKey: `console-sign-in/${crypto.randomUUID()}`,
      });
      if (delivery.status !== 'sent') {
        // The provider's words may quote the recipient; the log names nobody.
        const reason = delivery.reason
          .split(to)
          .join('<the address>')
          .split(code)
          .join('<the code>');
        logError(`console-sign-in: the code was not mailed (${delivery.status})`, reason);
      }
    } catch (error) {
      logError('console-sign-in: the code was not mailed', error);
    }
  };

  return acceptMethods({
    POST: async (request) => {
      const start = now();
      if (!isFromSiteOrNoBrowser(request, deps.siteOrigins)) {
        return errorResponse(403, 'origin_not_allowed');
      }
      const read = await readJsonBody(request, MAX_BODY_BYTES);
      if (!read.ok) return read.response;
      const body = isRecord(read.body) ? read.body : {};
      const email = addressOf(body.email);
      if (email === undefined) {
        return errorResponse(400, 'email_not_valid');
      }
      const client = clientAddressOf(request);

      if (!('code' in body)) {
        const code = randomCode();
        let mail: boolean | 'limited';
        try {
          mail = await deps.store.requestCode(email, await deps.codeMac(email, code), client);
        } catch (error) {
          logError('console-sign-in: a code could not be stored', error);
          return errorResponse(500, 'The request could not be handled.');
        }
        if (mail === 'limited') return errorResponse(429, RATE_LIMITED_ERROR);
        if (mail) deps.afterAnswer(() => mailCode(email, code));
        await untilFloor(start);
        return jsonResponse(200, { success: true });
      }

      // A code of another shape was never mailed: refused at once, for every address alike.
      if (typeof body.code !== 'string' || !CONSOLE_SIGN_IN_CODE.test(body.code)) {
        return jsonResponse(CODE_NOT_VALID.status, CODE_NOT_VALID.body);
      }
      let authEmail: string | null | 'limited';
      try {
        authEmail = await deps.store.checkCode(email, await deps.codeMac(email, body.code), client);
      } catch (error) {
        logError('console-sign-in: a code could not be checked', error);
        return errorResponse(500, 'The request could not be handled.');
      }
      if (authEmail === 'limited') {
        return errorResponse(429, RATE_LIMITED_ERROR);
      }
      if (authEmail === null) {
        await untilFloor(start);
        return jsonResponse(CODE_NOT_VALID.status, CODE_NOT_VALID.body);
      }
      let token: SignInToken;
      try {
        token = await deps.signInToken(authEmail);
      } catch (error) {
        logError('console-sign-in: Auth made no sign-in token', error);
        return errorResponse(500, 'The request could not be handled.');
      }
      return jsonResponse(200, { success: true, token_hash: token.tokenHash, type: token.type });
    },
  });
}
