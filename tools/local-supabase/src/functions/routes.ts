import type { RequestHandler } from '../../../../supabase/functions/_shared/http/responses.ts';
import { forwardedHeaders } from '../gateway/forwarded-headers.ts';
import { authenticate } from '../http/auth.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';

export interface EdgeFunction {
  handler: RequestHandler;
  /** config.toml's verify_jwt: the caller must present a valid anon or service key. */
  verifyJwt: boolean;
}

export interface FunctionsServices {
  jwtSecret: string;
  functions: ReadonlyMap<string, EdgeFunction>;
}

/** The request as the edge runtime hands it to a function, with the gateway's forwarded headers. */
function toFetchRequest(ctx: RequestContext): Request {
  const headers = new Headers(forwardedHeaders(ctx.req));
  const method = ctx.req.method ?? 'GET';
  return new Request(ctx.url, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(ctx.body.bytes),
  });
}

/** /functions/v1/<name>: runs the function's own fetch handler, as the edge runtime would. */
export async function handleFunctions(
  ctx: RequestContext,
  services: FunctionsServices,
  path: string,
): Promise<void> {
  const name = decodeURIComponent(path.split('/').filter(Boolean)[0] ?? '');
  const edgeFunction = services.functions.get(name);
  if (!edgeFunction) {
    sendJson(ctx.res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    return;
  }
  if (edgeFunction.verifyJwt) {
    const auth = authenticate(ctx.req.headers, services.jwtSecret);
    if (!auth.ok) {
      sendJson(ctx.res, 401, {
        code: 401,
        message: auth.problem === 'missing' ? 'Missing authorization header' : 'Invalid JWT',
      });
      return;
    }
  }

  let response: Response;
  try {
    response = await edgeFunction.handler(toFetchRequest(ctx));
  } catch (error) {
    console.error(`local-supabase: function ${name} threw`, error);
    sendJson(ctx.res, 500, {
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  sendRaw(ctx.res, response.status, Buffer.from(await response.arrayBuffer()), headers);
}
