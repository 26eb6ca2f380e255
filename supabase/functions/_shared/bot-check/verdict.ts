// What a siteverify answer means for a sign-up: passed, refused (the visitor may solve another challenge
// and try again) or unavailable (siteverify could not say; the sign-up fails closed). Cloudflare's answer
// and its error codes: https://developers.cloudflare.com/turnstile/get-started/server-side-validation/.

/** Why a token was refused: the visitor's side. A new challenge and a new token may pass. */
export type BotCheckRefusal =
  /** No token, or an empty one. */
  | 'missing'
  /** Not a token: not a string, longer than a token can be, forged, or expired (invalid-input-response). */
  | 'invalid'
  /** Already validated once, or issued more than 300 s ago (timeout-or-duplicate). */
  | 'spent'
  /** Solved for another form's action. */
  | 'wrong-action'
  /** Solved on a site that is not ours. */
  | 'wrong-hostname';

/** Why siteverify gave no verdict: our side or Cloudflare's. The sign-up is refused all the same. */
export type BotCheckTrouble =
  /** The secret, the expected action or hostnames are unusable, or Cloudflare says our request is. */
  | 'misconfigured'
  /** The request did not reach siteverify, or its answer broke off. */
  | 'unreachable'
  /** No whole answer within the time allowed. */
  | 'timeout'
  /** An HTTP status that carries no verdict. */
  | 'http-status'
  /** An answer that is not siteverify's JSON, or is too large to be one. */
  | 'malformed'
  /** Cloudflare's own internal-error: worth another try. */
  | 'internal-error';

export type BotCheck =
  /** `testing`: a testing secret accepted Cloudflare's dummy token (only where testing secrets are allowed). */
  | { outcome: 'passed'; testing: boolean }
  | { outcome: 'refused'; reason: BotCheckRefusal; detail: string }
  | { outcome: 'unavailable'; reason: BotCheckTrouble; detail: string };

/** What the answer is checked against. */
export interface Expected {
  hostnames: readonly string[];
  action: string;
  /** A testing secret: its answers name no hostname or action of ours (the dummy token carries none). */
  testing: boolean;
}

export const refused = (reason: BotCheckRefusal, detail: string): BotCheck => ({
  outcome: 'refused',
  reason,
  detail,
});

export const unavailable = (reason: BotCheckTrouble, detail: string): BotCheck => ({
  outcome: 'unavailable',
  reason,
  detail,
});

/** Whether another attempt (under the same idempotency key) may get a verdict. */
export function worthRetrying(check: BotCheck): boolean {
  return (
    check.outcome === 'unavailable' &&
    (check.reason === 'unreachable' ||
      check.reason === 'timeout' ||
      check.reason === 'http-status' ||
      check.reason === 'internal-error')
  );
}

/** A value from the answer, as a log line may show it: short, whatever was sent. */
function shown(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? JSON.stringify(value) : typeof value;
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

// Our request's faults, never the visitor's: the token is checked before anything is sent, so Cloudflare
// only says the response is missing, or the request malformed, when we built it wrong.
const OUR_FAULT = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'missing-input-response',
  'bad-request',
]);

function refusal(codes: readonly string[], status: number): BotCheck {
  const named = `siteverify refused it (HTTP ${status}): ${codes.join(', ') || 'no error code'}`;
  if (codes.some((code) => OUR_FAULT.has(code))) return unavailable('misconfigured', named);
  if (codes.includes('internal-error')) return unavailable('internal-error', named);
  if (codes.includes('timeout-or-duplicate')) return refused('spent', named);
  if (codes.includes('invalid-input-response')) return refused('invalid', named);
  // No code we know: a server error is no verdict; anything else is read as a refusal (fail closed).
  if (status >= 500 || status === 429) return unavailable('http-status', named);
  return refused('invalid', named);
}

/**
 * The verdict of one siteverify answer: its HTTP status and its body, parsed. A refusal is read whatever
 * the status (the docs give none for it); a pass only from a 200. A pass must name one of our hostnames
 * and the expected action, as the docs recommend checking, unless the secret is a testing one.
 */
export function verdictOf(status: number, body: unknown, expected: Expected): BotCheck {
  const answer =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  if (!answer || typeof answer.success !== 'boolean') {
    return status === 200
      ? unavailable('malformed', 'siteverify answered 200 without a boolean success')
      : unavailable('http-status', `siteverify answered HTTP ${status}`);
  }
  if (answer.success === false) {
    const listed = answer['error-codes'];
    const codes = Array.isArray(listed)
      ? listed.filter((code): code is string => typeof code === 'string')
      : [];
    return refusal(codes, status);
  }
  if (status !== 200) {
    return unavailable('http-status', `siteverify answered success with HTTP ${status}`);
  }
  if (expected.testing) return { outcome: 'passed', testing: true };
  const hostname = answer.hostname;
  if (
    typeof hostname !== 'string' ||
    !expected.hostnames.some((allowed) => allowed.toLowerCase() === hostname.toLowerCase())
  ) {
    return refused(
      'wrong-hostname',
      `solved on ${shown(hostname)}, not on ${expected.hostnames.join(', ')}`,
    );
  }
  if (answer.action !== expected.action) {
    return refused(
      'wrong-action',
      `solved for the action ${shown(answer.action)}, not ${expected.action}`,
    );
  }
  return { outcome: 'passed', testing: false };
}
