import type { RequestContext } from './context.ts';

/** A complete answer, decided without the request body. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What the listener needs to know about a request before it reads a byte of the body. */
export interface Route {
  /** The largest body accepted, in bytes; 0 when the route takes no body (none is read). */
  bodyLimit: number;
  /** The answer (413, in the area's error shape) when the body is larger than bodyLimit. */
  tooLarge?: Reply;
  /** Answers the request once its body (within bodyLimit) is read. */
  handle(ctx: RequestContext): Promise<void> | void;
}

/** An area's decision on a request, from its method, path and headers only. */
export type Admission = Route | { refuse: Reply };

/** A route that takes no body. */
export function bodyless(handle: Route['handle']): Route {
  return { bodyLimit: 0, handle };
}
