import { failure, type Answer } from './answer.ts';
import type { RequestHead } from './admission.ts';

// The API's paths: each a pattern of segments (`:name` takes one segment, percent-decoded) and the
// methods it answers. A path no route has is 404 not_found; a method its route lacks, 405.

/** A route's decision from the head, once the key is checked: a refusal, or what answers the body. */
export type HeadDecision = { refuse: Answer } | { answer(body: Buffer): Promise<Answer> };

/** A request matched to a route: its head and the values of the route's `:name` segments. */
export interface RouteRequest {
  head: RequestHead;
  params: Record<string, string>;
}

export interface Route {
  /** e.g. '/contacts/:contact/segments/:segment'. */
  path: string;
  methods: Record<string, (request: RouteRequest) => HeadDecision>;
}

export type RouteMatch =
  | { refuse: Answer }
  | { handle: (request: RouteRequest) => HeadDecision; params: Record<string, string> };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape names nothing the API holds, so its lookup finds nothing.
  }
}

function match(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i += 1) {
    if (expected[i].startsWith(':')) {
      if (actual[i] === '') return undefined;
      params[expected[i].slice(1)] = decode(actual[i]);
    } else if (expected[i] !== actual[i]) {
      return undefined;
    }
  }
  return params;
}

/** The route answering a method on a path, or the 404 or 405 Resend answers. */
export function findRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  for (const route of routes) {
    const params = match(route.path, path);
    if (!params) continue;
    // Own methods only: a method named after an object's built-in (constructor, toString) is a 405.
    if (!Object.hasOwn(route.methods, method)) {
      return { refuse: failure(405, 'method_not_allowed', 'Method is not allowed.') };
    }
    return { handle: route.methods[method], params };
  }
  return { refuse: failure(404, 'not_found', 'The requested endpoint does not exist.') };
}
