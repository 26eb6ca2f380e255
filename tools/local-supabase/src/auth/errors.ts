import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { sendJson } from '../http/reply.ts';

/** An answer Supabase Auth gives with an error code (its apierrors.HTTPError). */
export class AuthFailure extends Error {
  override name = 'AuthFailure';
  readonly status: number;
  /** '' when Auth has none for it (a hook's own error): then 'unexpected_failure' or 'unknown'. */
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024_01_01 = '2024-01-01';

/**
 * The API version the client asked for (supabase-js sends 2024-01-01): from it on, errors are
 * `{code, message}` and the version is echoed, which is how supabase-js knows to read `code`.
 */
export function requestedApiVersion(headers: IncomingHttpHeaders): '2024-01-01' | undefined {
  const value = headers[API_VERSION_HEADER.toLowerCase()];
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = Date.parse(`${value}T00:00:00Z`);
  return date >= Date.parse(`${API_VERSION_2024_01_01}T00:00:00Z`)
    ? API_VERSION_2024_01_01
    : undefined;
}

/** The status, headers and body Auth answers a failure with, in the shape the request's version asks. */
export function failureReply(
  failure: AuthFailure,
  headers: IncomingHttpHeaders,
): { status: number; body: unknown; headers: Record<string, string> } {
  const code = failure.code || (failure.status === 500 ? 'unexpected_failure' : 'unknown');
  const replyHeaders: Record<string, string> = {};
  if (failure.code) replyHeaders['x-sb-error-code'] = failure.code;
  if (requestedApiVersion(headers)) {
    replyHeaders[API_VERSION_HEADER] = API_VERSION_2024_01_01;
    return {
      status: failure.status,
      body: { code, message: failure.message },
      headers: replyHeaders,
    };
  }
  const body: Record<string, unknown> = {
    code: failure.status,
    error_code: code,
    msg: failure.message,
  };
  if (failure.status >= 500) body.error_id = randomUUID();
  return { status: failure.status, body, headers: replyHeaders };
}

export function sendFailure(
  res: ServerResponse,
  headers: IncomingHttpHeaders,
  failure: AuthFailure,
): void {
  const reply = failureReply(failure, headers);
  sendJson(res, reply.status, reply.body, reply.headers);
}

const fail = (status: number, code: string) => (message: string) =>
  new AuthFailure(status, code, message);

/** Supabase Auth's failures that this server answers, with its statuses and codes. */
export const authErrors = {
  badJson: (detail: string) =>
    new AuthFailure(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: fail(400, 'validation_failed'),
  unprocessable: fail(422, 'validation_failed'),
  otpExpired: fail(403, 'otp_expired'),
  otpDisabled: () => new AuthFailure(422, 'otp_disabled', 'Signups not allowed for otp'),
  signupDisabled: () =>
    new AuthFailure(422, 'signup_disabled', 'Signups not allowed for this instance'),
  emailProviderDisabled: () =>
    new AuthFailure(422, 'email_provider_disabled', 'Email logins are disabled'),
  phoneProviderDisabled: () =>
    new AuthFailure(400, 'phone_provider_disabled', 'Unsupported phone provider'),
  overEmailSendRateLimit: fail(429, 'over_email_send_rate_limit'),
  overRequestRateLimit: () =>
    new AuthFailure(429, 'over_request_rate_limit', 'Request rate limit reached'),
  noAuthorization: () =>
    new AuthFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string, status = 403) => new AuthFailure(status, 'bad_jwt', message),
  userNotFound: () =>
    new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () =>
    new AuthFailure(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    ),
  refreshTokenNotFound: () =>
    new AuthFailure(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    ),
  refreshTokenAlreadyUsed: () =>
    new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  unsupportedGrantType: () => new AuthFailure(400, 'invalid_credentials', 'unsupported_grant_type'),
  tooLarge: (limit: number) =>
    new AuthFailure(413, 'request_entity_too_large', `Request body too large (max ${limit} bytes)`),
  internal: fail(500, 'unexpected_failure'),
};
