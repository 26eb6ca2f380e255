import type { RequestHandler } from './responses.ts';
import { errorResponse } from './responses.ts';

export const MISSING_API_KEY_ERROR = 'No API key found in request.';
export const INVALID_API_KEY_ERROR = 'Invalid API key.';

/**
 * The gateway's verify_jwt, done by the function itself: Supabase's gateway checks only the legacy JWT
 * keys, so with publishable and secret keys every function runs with verify_jwt = false and checks the
 * `apikey` header here. A preflight carries no key and passes to the handler, which answers it.
 */
export function requireApiKey(
  accepted: ReadonlySet<string>,
  handler: RequestHandler,
): RequestHandler {
  return (request) => {
    if (request.method === 'OPTIONS') return handler(request);
    const key = request.headers.get('apikey');
    if (key === null || key === '') {
      return Promise.resolve(errorResponse(401, MISSING_API_KEY_ERROR));
    }
    if (!accepted.has(key)) {
      return Promise.resolve(errorResponse(401, INVALID_API_KEY_ERROR));
    }
    return handler(request);
  };
}

/**
 * For functions only the project itself calls (pg_cron, operators): the `apikey` header must be a secret
 * key (or the legacy service_role JWT). A publishable key is refused like an unknown one.
 */
export function requireSecretKey(
  secretKeys: ReadonlySet<string>,
  handler: RequestHandler,
): RequestHandler {
  return requireApiKey(secretKeys, handler);
}
