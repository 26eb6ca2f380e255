import type { ErrorBody } from '../rules/function-answers.ts';
import { CORS_HEADERS } from './cors.ts';

// The answers every function gives the same way: JSON with the CORS headers supabase-js needs, a refusal
// as an ErrorBody, the preflight, and 405 naming the methods the function takes.

export type RequestHandler = (request: Request) => Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  });
}

/** A refusal in the one shape every function but the Auth hook uses: `{success: false, error}`. */
export function errorResponse(status: number, error: string): Response {
  const body: ErrorBody = { success: false, error };
  return jsonResponse(status, body);
}

/** The answer to a CORS preflight; a function that takes more than POST, or exposes a header, adds it. */
export function preflightResponse(headers: Readonly<Record<string, string>> = {}): Response {
  return new Response('ok', { headers: { ...CORS_HEADERS, ...headers } });
}

/**
 * 405 for a method the function does not take, with the `Allow` header RFC 9110 asks for (the methods it
 * does take; a preflight is not counted). The body is `{success: false, error: "Use POST."}` unless the
 * function answers in a form of its own (`answer`, which gets the header too).
 */
export function methodNotAllowed(
  allow: readonly string[],
  answer: Response = errorResponse(405, `Use ${allow.join(' or ')}.`),
): Response {
  answer.headers.set('Allow', allow.join(', '));
  return answer;
}
