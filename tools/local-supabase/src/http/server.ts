import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { handleFunctions, type FunctionsServices } from '../functions/routes.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { handleOutbox } from '../outbox/routes.ts';
import { handleRest, type RestServices } from '../rest/routes.ts';
import { handleStorage, type StorageServices } from '../storage/routes.ts';
import { GLOBAL_FILE_SIZE_LIMIT } from '../storage/upload.ts';
import { readBody } from './body.ts';
import type { RequestContext } from './context.ts';
import { corsHeaders } from './cors.ts';
import { sendEmpty, sendJson } from './reply.ts';

export interface HttpServices {
  rest: RestServices;
  storage: StorageServices;
  functions: FunctionsServices;
  outbox: Outbox;
}

/** Bodies are read up to this size; larger ones are drained and refused by the area they were sent to. */
const MAX_KEPT_BODY = GLOBAL_FILE_SIZE_LIMIT + 1024 * 1024;

/** The path after `prefix` when the path is under it ('' for the prefix itself), else undefined. */
function under(pathname: string, prefix: string): string | undefined {
  if (pathname === prefix) return '';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}

async function route(ctx: RequestContext, services: HttpServices): Promise<void> {
  const { pathname } = ctx.url;
  let rest: string | undefined;
  if ((rest = under(pathname, '/rest/v1')) !== undefined)
    return handleRest(ctx, services.rest, rest);
  if ((rest = under(pathname, '/storage/v1')) !== undefined)
    return handleStorage(ctx, services.storage, rest);
  if ((rest = under(pathname, '/functions/v1')) !== undefined)
    return handleFunctions(ctx, services.functions, rest);
  if (pathname === '/outbox.json') return handleOutbox(ctx, services.outbox, '.json');
  if ((rest = under(pathname, '/outbox')) !== undefined)
    return handleOutbox(ctx, services.outbox, rest);
  if (pathname === '/health') return sendJson(ctx.res, 200, { status: 'ok' });
  if (pathname === '/') {
    return sendJson(ctx.res, 200, {
      name: 'local-supabase',
      endpoints: ['/rest/v1', '/storage/v1', '/functions/v1', '/outbox', '/outbox.json', '/health'],
    });
  }
  sendJson(ctx.res, 404, { message: 'no Route matched with those values' });
}

/** CORS on every answer (errors included) and preflights, then one area handler per path prefix. */
/** The request target, or undefined when it is not a URL path whose segments decode. */
function parseTarget(req: IncomingMessage): URL | undefined {
  try {
    // A fixed base: the Host header is client-controlled and nothing here depends on it.
    const url = new URL(req.url ?? '/', 'http://local-supabase.invalid');
    url.pathname.split('/').forEach((segment) => decodeURIComponent(segment));
    return url;
  } catch {
    return undefined;
  }
}

export function createRequestListener(services: HttpServices): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(corsHeaders(req.headers))) {
      res.setHeader(name, value);
    }
    const url = parseTarget(req);
    readBody(req, MAX_KEPT_BODY)
      .then((body) => {
        if (!url) return sendJson(res, 400, { message: 'Malformed request URL' });
        if (req.method === 'OPTIONS') return sendEmpty(res, 204);
        return route({ req, res, url, body }, services);
      })
      .catch((error: unknown) => {
        console.error(`local-supabase: ${req.method} ${url?.pathname ?? req.url} failed`, error);
        if (res.headersSent) {
          res.destroy();
        } else {
          sendJson(res, 500, { message: 'Internal server error' });
        }
      });
  };
}
