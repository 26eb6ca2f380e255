import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestBody } from './body.ts';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Read to the end, within the route's limit (empty for routes that take no body). */
  body: RequestBody;
}
