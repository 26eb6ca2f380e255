// Checks a sign-up's bot-check token with Cloudflare Turnstile's siteverify, before anything is stored
// (docs/security.md, "The bot check"). Fails closed: no verdict is never a pass.
import {
  BOT_CHECK_ACTION_PATTERN,
  BOT_CHECK_TOKEN_MAX_LENGTH,
  isTurnstileTestingSecret,
  TURNSTILE_ORIGIN,
  TURNSTILE_SITEVERIFY_PATH,
} from '../rules/bot-check.ts';
import {
  refused,
  unavailable,
  verdictOf,
  worthRetrying,
  type BotCheck,
  type Expected,
} from './verdict.ts';

export type { BotCheck, BotCheckRefusal, BotCheckTrouble } from './verdict.ts';

/** Cloudflare's siteverify. */
export const SITEVERIFY_URL = `${TURNSTILE_ORIGIN}${TURNSTILE_SITEVERIFY_PATH}`;

/** Per attempt, answer included: a sign-up waits for at most two of these. */
export const SITEVERIFY_TIMEOUT_MS = 4_000;
/** Siteverify's answer is a few hundred bytes; one past this is not one, and is not read further. */
export const SITEVERIFY_ANSWER_MAX_BYTES = 16 * 1024;

export interface BotCheckRequest {
  /** The widget's secret key. */
  secret: string;
  /** The token as the visitor sent it: anything at all. */
  token: unknown;
  /** The hostnames a token may have been solved on: the site's. */
  hostnames: readonly string[];
  /** The action the form's widget was rendered with (BOT_CHECK_ACTIONS). */
  action: string;
  /** The visitor's address as the gateway vouches for it (clientAddressOf), or null. */
  remoteIp: string | null;
}

export interface SiteverifyOptions {
  /** Default Cloudflare's; a test or a local server points it at a stand-in. */
  url?: string;
  fetch?: typeof fetch;
  /** Per attempt; default SITEVERIFY_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Tries when siteverify gives no verdict (unreachable, timeout, a server error, internal-error); every
   * try carries the same idempotency key, so a token whose first answer was lost is not spent by the
   * second. Default 2.
   */
  attempts?: number;
  /**
   * Whether Cloudflare's testing secrets may be used: their answers pass the dummy token that anyone can
   * send, and name no hostname or action of ours, so only a local or test deploy may allow them. Default
   * false: a testing secret is then refused as a misconfiguration, before anything is sent.
   */
  allowTestingSecrets?: boolean;
  /** Default crypto.randomUUID. */
  idempotencyKey?: () => string;
}

class AnswerTooLarge extends Error {}

/** The answer's body as text, read no further than `maxBytes`, and given up when `signal` aborts. */
async function boundedText(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    // Not awaited: a cancel may wait on whoever else reads the stream.
    response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(`${declared} bytes declared`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  // A body that stops coming is given up when the attempt's time is up, whatever the runtime's fetch
  // does with the signal once the headers are in.
  let stop = () => {};
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  aborted.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new AnswerTooLarge(`more than ${maxBytes} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** One POST to siteverify and its verdict. */
async function attempt(
  url: string,
  body: string,
  expected: Expected,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<BotCheck> {
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new Error('timed out')), timeoutMs);
  let text: string;
  let status: number;
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
      signal,
      // The body carries the secret: never re-sent to wherever a redirect points.
      redirect: 'error',
    });
    status = response.status;
    text = await boundedText(response, SITEVERIFY_ANSWER_MAX_BYTES, signal);
  } catch (error) {
    if (error instanceof AnswerTooLarge) {
      return unavailable('malformed', `siteverify's answer is too large: ${error.message}`);
    }
    if (signal.aborted) {
      return unavailable('timeout', `siteverify gave no whole answer within ${timeoutMs} ms`);
    }
    return unavailable(
      'unreachable',
      `siteverify could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return status === 200
      ? unavailable('malformed', 'siteverify answered 200 with a body that is not JSON')
      : unavailable('http-status', `siteverify answered HTTP ${status}`);
  }
  return verdictOf(status, parsed, expected);
}

/** Why the request cannot be checked as given, before anything is sent; undefined when it can. */
function refusedUnsent(request: BotCheckRequest, options: SiteverifyOptions): BotCheck | undefined {
  if (typeof request.secret !== 'string' || request.secret === '') {
    return unavailable('misconfigured', 'no siteverify secret is set');
  }
  const testing = isTurnstileTestingSecret(request.secret);
  if (testing && !options.allowTestingSecrets) {
    return unavailable(
      'misconfigured',
      'a testing secret is set where testing secrets are not allowed',
    );
  }
  if (!BOT_CHECK_ACTION_PATTERN.test(request.action)) {
    return unavailable('misconfigured', `the expected action is not an action: ${request.action}`);
  }
  if (!testing && !request.hostnames.some((hostname) => hostname !== '')) {
    return unavailable('misconfigured', 'no hostname is expected');
  }
  const { token } = request;
  if (token === undefined || token === null || token === '') {
    return refused('missing', 'no token was sent');
  }
  if (typeof token !== 'string') return refused('invalid', `the token is a ${typeof token}`);
  if (token.length > BOT_CHECK_TOKEN_MAX_LENGTH) {
    return refused('invalid', `the token is longer than ${BOT_CHECK_TOKEN_MAX_LENGTH} characters`);
  }
  return undefined;
}

/**
 * The verdict on a visitor's token: `passed`, `refused` with the visitor-side reason, or `unavailable`
 * with ours. A token that cannot be one (none, empty, not a string, over 2048 characters) is refused
 * before any request; so is a configuration that cannot work. Then one POST to siteverify (JSON), again
 * under the same idempotency key while it gives no verdict, each within `timeoutMs`.
 */
export async function verifyBotCheck(
  request: BotCheckRequest,
  options: SiteverifyOptions = {},
): Promise<BotCheck> {
  const unsent = refusedUnsent(request, options);
  if (unsent) return unsent;
  const expected: Expected = {
    hostnames: request.hostnames,
    action: request.action,
    testing: isTurnstileTestingSecret(request.secret),
  };
  const body = JSON.stringify({
    secret: request.secret,
    response: request.token,
    ...(request.remoteIp ? { remoteip: request.remoteIp } : {}),
    idempotency_key: (options.idempotencyKey ?? (() => crypto.randomUUID()))(),
  });
  const attempts = Math.max(1, options.attempts ?? 2);
  let check: BotCheck = unavailable('unreachable', 'siteverify was not tried');
  for (let tried = 0; tried < attempts; tried++) {
    check = await attempt(
      options.url ?? SITEVERIFY_URL,
      body,
      expected,
      options.fetch ?? fetch,
      options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS,
    );
    if (!worthRetrying(check)) break;
  }
  return check;
}
