import type { ErrorBody } from '../rules/function-answers.ts';
import { CORS_HEADERS } from './cors.ts';

// The answers every function gives the same way: JSON with the CORS headers supabase-js needs, a refusal
// as an ErrorBody, the preflight, and 405 naming the methods the function takes; and acceptMethods, which
// gives the last two for every function, so a handler holds only what its own methods do.

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
  answer: Response = errorResponse(405, askForMethods(allow)),
): Response {
  answer.headers.set('Allow', allow.join(', '));
  return answer;
}

/** "Use POST.", "Use GET or POST.", "Use GET, HEAD or POST.": the 405's words. */
export function askForMethods(allow: readonly string[]): string {
  const last = allow[allow.length - 1];
  return `Use ${allow.length > 1 ? `${allow.slice(0, -1).join(', ')} or ${last}` : last}.`;
}

export type Method = 'GET' | 'HEAD' | 'POST';

export interface AcceptOptions {
  /**
   * What the CORS preflight adds (a method beyond POST, a header the page may read). `false` for a
   * function no page calls with fetch (a hook, a webhook, the queue, a CSP report): its OPTIONS is
   * refused like any other method.
   */
  preflight?: Readonly<Record<string, string>> | false;
  /** The 405 in the function's own shape (an Auth hook's, a webhook's); ErrorBody otherwise. */
  refuse?: (status: 405, message: string) => Response;
}

/**
 * A function's handler from one handler per method it takes. OPTIONS is the preflight (unless
 * `preflight` is false); any other method is answered 405 with `Allow` naming the methods given, in the
 * order given.
 */
export function acceptMethods(
  handlers: Partial<Record<Method, RequestHandler>>,
  options: AcceptOptions = {},
): RequestHandler {
  const allow = Object.keys(handlers) as Method[];
  return async (request) => {
    if (request.method === 'OPTIONS' && options.preflight !== false) {
      return preflightResponse(options.preflight || {});
    }
    // Own keys only: a method named after an object's built-in (constructor, toString, …) is a method
    // like any other the function does not take, and Deno passes such names on.
    const handler = Object.hasOwn(handlers, request.method)
      ? handlers[request.method as Method]
      : undefined;
    if (handler) return await handler(request);
    return methodNotAllowed(allow, options.refuse?.(405, askForMethods(allow)));
  };
}
