import { TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import type { SignUpRequestBody } from '@agentora/backend-rules/signup-fields';
import { fetchFromAddress } from './fetch-from-address.ts';

/** A list's sign-up as the forms make it: its fields by column, and optionally the visit's source. */
export type SignUpRequest = Omit<SignUpRequestBody, 'bot_check'> & { bot_check?: string };

/**
 * A sign-up as a visitor's browser makes it: one POST to the sign-up function with the publishable key
 * and the token Cloudflare's testing sitekeys hand the page (which the local server's stand-in for
 * siteverify passes with the default testing secret), from `fromAddress` when given (a client address
 * of 127.0.0.0/8), with `headers` on top of the browser's (a test of what a client may forge). Answers
 * the function's Response.
 */
export function signUpThrough(
  server: { url: string; publishableKey: string },
  request: SignUpRequest,
  options: { fromAddress?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const send = options.fromAddress ? fetchFromAddress(options.fromAddress) : fetch;
  return send(`${server.url}/functions/v1/sign-up`, {
    method: 'POST',
    headers: {
      apikey: server.publishableKey,
      authorization: `Bearer ${server.publishableKey}`,
      'content-type': 'application/json',
      ...options.headers,
    },
    body: JSON.stringify({ bot_check: TURNSTILE_DUMMY_TOKEN, ...request }),
  });
}
