import type { IncomingHttpHeaders } from 'node:http';
import { failure, type Answer } from './answer.ts';

/**
 * Resend's check of the API key, a bearer in the Authorization header: 401 missing_api_key without
 * one, 403 invalid_api_key for a key it does not take (only `expected` when given, else any `re_` key).
 */
export function refuseApiKey(
  headers: IncomingHttpHeaders,
  expected: string | undefined,
): Answer | undefined {
  const apiKey = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
  if (!apiKey)
    return failure(401, 'missing_api_key', 'Missing API key in the authorization header.');
  if (expected ? apiKey !== expected : !apiKey.startsWith('re_')) {
    return failure(403, 'invalid_api_key', 'API key is invalid.');
  }
  return undefined;
}
