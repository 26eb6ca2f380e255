import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from '../../../../supabase/functions/_shared/http/responses.ts';
import { forwardedHeaders } from '../gateway/forwarded-headers.ts';
import { authenticate } from '../http/auth.ts';
import { SMALL_BODY_LIMIT } from '../http/body-limits.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import type { Admission } from '../http/route.ts';

export interface EdgeFunction {
  handler: RequestHandler;
  /** config.toml's verify_jwt: the caller must present a valid anon or service key. */
  verifyJwt: boolean;
  /**
   * The largest request body the function takes. Default: SMALL_BODY_LIMIT, a JSON payload. A function
   * that receives a file for a bucket declares that bucket's upload limit (readUploadBodyLimits in
   * storage/upload.ts).
   */
  maxBodyBytes?: number;
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

/**
 * /functions/v1/<name>: the function must exist and, with verify_jwt, the key must be valid before the
 * body is read; the body is then held to the function's own limit.
 */
export function admitFunction(
  req: IncomingMessage,
  services: FunctionsServices,
  path: string,
): Admission {
  const name = decodeURIComponent(path.split('/').filter(Boolean)[0] ?? '');
  const edgeFunction = services.functions.get(name);
  if (!edgeFunction) {
    return {
      refuse: {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Requested function was not found' },
      },
    };
  }
  if (edgeFunction.verifyJwt) {
    const auth = authenticate(req.headers, services.jwtSecret);
    if (!auth.ok) {
      return {
        refuse: {
          status: 401,
          body: {
            code: 401,
            message: auth.problem === 'missing' ? 'Missing authorization header' : 'Invalid JWT',
          },
        },
      };
    }
  }
  const bodyLimit = edgeFunction.maxBodyBytes ?? SMALL_BODY_LIMIT;
  return {
    bodyLimit,
    tooLarge: {
      status: 413,
      body: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request body is larger than ${bodyLimit} bytes`,
      },
    },
    handle: (ctx) => runFunction(ctx, name, edgeFunction),
  };
}

/** Runs the function's own fetch handler, as the edge runtime would. */
async function runFunction(
  ctx: RequestContext,
  name: string,
  edgeFunction: EdgeFunction,
): Promise<void> {
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
  // The function's own CORS headers (for hosted Supabase) give way to this server's origin policy,
  // which the listener has already applied to the response.
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!key.startsWith('access-control-')) headers[key] = value;
  });
  sendRaw(ctx.res, response.status, Buffer.from(await response.arrayBuffer()), headers);
}
