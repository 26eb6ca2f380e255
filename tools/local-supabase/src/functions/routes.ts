import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { forwardedHeaders } from '../http/forwarded-headers.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { Admission, Reply } from '../http/route.ts';
import { GATEWAY_SECRET_HEADER, type FunctionWorker } from './function-worker.ts';

export interface FunctionsServices {
  workers: ReadonlyMap<string, FunctionWorker>;
  /**
   * The largest request body the gateway passes on (the largest file a bucket takes, as a multipart
   * body): memory stays bounded here, and each function holds its own body to its own, smaller limit.
   */
  maxBodyBytes: number;
  /** How long a request may wait for the function's answer; hosted Supabase's idle timeout is 150 s. */
  idleTimeoutMs: number;
  /** Sent to the workers with every request (function-worker.ts, GATEWAY_SECRET_HEADER). */
  gatewaySecret: string;
}

// The methods hosted Supabase passes to a function; others get 405 from the gateway.
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

// Hop-by-hop headers belong to the client's connection, not to the one to the worker.
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
]);

/** An error answer as the hosted functions gateway gives it: a code in the body and in sb-error-code. */
function gatewayError(status: number, code: string, message: string): Reply {
  return { status, body: { code, message }, headers: { 'sb-error-code': code } };
}

const sendReply = (ctx: RequestContext, reply: Reply) =>
  sendJson(ctx.res, reply.status, reply.body, reply.headers);

/**
 * /functions/v1/<name>: the function must exist and the method be one a function takes; the body is held
 * to the gateway's ceiling, and the request then goes to the function's Deno worker. No key is checked
 * here: with publishable and secret keys each function checks the caller's `apikey` itself, as on
 * hosted Supabase with verify_jwt = false.
 */
export function admitFunction(
  req: IncomingMessage,
  services: FunctionsServices,
  path: string,
): Admission {
  const name = decodeURIComponent(path.split('/').filter(Boolean)[0] ?? '');
  const worker = services.workers.get(name);
  if (!worker) {
    return { refuse: gatewayError(404, 'NOT_FOUND', 'Requested function was not found') };
  }
  if (!METHODS.has(req.method ?? '')) {
    return { refuse: gatewayError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed') };
  }
  return {
    bodyLimit: services.maxBodyBytes,
    tooLarge: gatewayError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${services.maxBodyBytes} bytes`,
    ),
    handle: (ctx) => runFunction(ctx, worker, services),
  };
}

function headersForWorker(req: IncomingMessage, gatewaySecret: string): Headers {
  const headers = new Headers();
  // Headers the client names in Connection are hop-by-hop too.
  const named = new Set(
    String(req.headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  for (const [name, value] of Object.entries(forwardedHeaders(req))) {
    if (!HOP_BY_HOP.has(name) && !named.has(name)) headers.set(name, value);
  }
  headers.set(GATEWAY_SECRET_HEADER, gatewaySecret);
  return headers;
}

/** Sends the request to the function's worker and its answer back, or the gateway's error answer. */
async function runFunction(
  ctx: RequestContext,
  worker: FunctionWorker,
  services: FunctionsServices,
): Promise<void> {
  const { idleTimeoutMs, gatewaySecret } = services;
  const name = worker.entry.name;
  const running = worker.current();
  let port: number;
  try {
    port = await running.port;
  } catch (error) {
    console.error(`local-supabase: function ${name} failed to start`, error);
    sendReply(ctx, gatewayError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)'));
    return;
  }
  const method = ctx.req.method ?? 'GET';
  // The whole exchange, the streamed body included, within the idle timeout.
  const deadline = AbortSignal.timeout(idleTimeoutMs);
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}${ctx.url.pathname}${ctx.url.search}`, {
      method,
      headers: headersForWorker(ctx.req, gatewaySecret),
      body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(ctx.body.bytes),
      redirect: 'manual',
      signal: deadline,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      // A hung worker is ended, as the hosted runtime ends one past its limits; the next request gets a
      // fresh one.
      console.error(`local-supabase: function ${name} did not answer within ${idleTimeoutMs} ms`);
      worker.kill(running);
      sendReply(ctx, gatewayError(504, 'IDLE_TIMEOUT', 'Function did not answer in time'));
      return;
    }
    console.error(`local-supabase: function ${name} failed`, error);
    sendReply(
      ctx,
      gatewayError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)'),
    );
    return;
  }
  // The function's own CORS headers (for hosted Supabase) give way to this server's origin policy,
  // which the listener has already applied to the response; only the headers it lets the page read
  // (a download's Content-Disposition) are added to those.
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!key.startsWith('access-control-') && !HOP_BY_HOP.has(key)) headers[key] = value;
  });
  const exposed = response.headers.get('access-control-expose-headers');
  const allowed = ctx.res.getHeader('access-control-expose-headers');
  if (exposed && typeof allowed === 'string')
    headers['access-control-expose-headers'] = `${allowed}, ${exposed}`;
  await streamAnswer(ctx, response, headers, name);
}

/**
 * Passes the function's answer on as it comes (an export streams its rows), as hosted Supabase's gateway
 * does. A body that breaks off is not ended cleanly: the connection is cut, so the client sees a failed
 * download, never a short file that looks whole.
 */
async function streamAnswer(
  ctx: RequestContext,
  response: Response,
  headers: Record<string, string>,
  name: string,
): Promise<void> {
  const { res } = ctx;
  for (const [header, value] of Object.entries(headers)) res.setHeader(header, value);
  res.statusCode = response.status;
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    console.error(`local-supabase: function ${name}'s answer broke off`, error);
    res.destroy();
  }
}
