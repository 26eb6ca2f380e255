import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestBody } from './body.ts';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Already read to the end. */
  body: RequestBody;
}
