// The local stand-in for Turnstile's siteverify, as Cloudflare documents it for its testing secrets
// (https://developers.cloudflare.com/turnstile/troubleshooting/testing/ and
// .../get-started/server-side-validation/): they accept only the dummy token, and each answers one way.
// It knows no production secret. Where it cannot match Cloudflare: this project's README ("The bot
// check's stand-ins").
import {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SECRETS,
  isTurnstileTestingSecret,
} from '@agentora/backend-rules/bot-check';

/** The request's fields as siteverify reads them (from JSON, a urlencoded form or a multipart one). */
export interface SiteverifyFields {
  secret?: unknown;
  response?: unknown;
  remoteip?: unknown;
  idempotency_key?: unknown;
}

export type SiteverifyAnswer =
  | {
      success: true;
      challenge_ts: string;
      hostname: string;
      'error-codes': [];
      action: string;
      cdata: string;
      metadata: { result_with_testing_key: true };
    }
  | {
      success: false;
      'error-codes': string[];
      metadata?: { result_with_testing_key: true };
    };

/**
 * The documented example of a testing secret's pass: its hostname, action and cdata. Cloudflare's real
 * answer is reported to differ (README); the functions' check ignores all three for a testing secret.
 */
export const TESTING_PASS = { hostname: 'localhost', action: 'test', cdata: 'test-data' } as const;

const refusal = (code: string, testing: boolean): SiteverifyAnswer => ({
  success: false,
  'error-codes': [code],
  // Not documented; Cloudflare's answers to a testing secret are reported to carry it.
  ...(testing ? { metadata: { result_with_testing_key: true as const } } : {}),
});

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Siteverify's answer to `fields` (undefined: a body it could not read). In this order: the secret
 * (missing, or not a testing one), the token (missing), then the testing secret's own behaviour: the
 * always-failing one refuses, any token but the dummy one is refused as invalid, the spent one answers
 * timeout-or-duplicate, and the passing one passes. remoteip and idempotency_key are not checked.
 */
export function siteverifyAnswer(
  fields: SiteverifyFields | undefined,
  now: Date = new Date(),
): SiteverifyAnswer {
  if (!fields) return refusal('bad-request', false);
  const { secret, response } = fields;
  if (!present(secret)) return refusal('missing-input-secret', false);
  if (typeof secret !== 'string' || !isTurnstileTestingSecret(secret)) {
    return refusal('invalid-input-secret', false);
  }
  if (!present(response)) return refusal('missing-input-response', true);
  if (secret === TURNSTILE_TESTING_SECRETS.fails) return refusal('invalid-input-response', true);
  if (response !== TURNSTILE_DUMMY_TOKEN) return refusal('invalid-input-response', true);
  if (secret === TURNSTILE_TESTING_SECRETS.spent) return refusal('timeout-or-duplicate', true);
  return {
    success: true,
    challenge_ts: now.toISOString(),
    'error-codes': [],
    ...TESTING_PASS,
    metadata: { result_with_testing_key: true },
  };
}
