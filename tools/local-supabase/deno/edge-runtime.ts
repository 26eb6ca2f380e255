// Preloaded (deno run --preload) before a function's own index.ts, so that the entry file runs unchanged
// as it does on hosted Supabase's Edge Runtime:
// - Deno.serve(handler) listens where the local gateway says (LOCAL_FUNCTION_HOSTNAME, port 0 = any free
//   port) whatever options the function passes, and reports its port on stdout for the gateway;
// - an uncaught error in the handler gets the hosted runtime's 500 WORKER_ERROR answer;
// - EdgeRuntime.waitUntil keeps the worker alive until the promise settles, as hosted workers do;
// - the worker exits when its stdin closes, so it never outlives the server that started it (even one
//   killed with SIGKILL).
// Read by tools/local-supabase/src/functions/function-worker.ts, which parses the line below.
export const LISTENING_PREFIX = '@@local-supabase-function-listening ';

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const hostname = Deno.env.get('LOCAL_FUNCTION_HOSTNAME') ?? '127.0.0.1';
// The gateway's per-run secret (function-worker.ts): a request without it did not come through the
// gateway, which alone sets the client address, and is refused. The function never sees the header.
const GATEWAY_SECRET_HEADER = 'x-local-supabase-gateway';
const gatewaySecret = Deno.env.get('LOCAL_FUNCTION_GATEWAY_SECRET');
Deno.env.delete('LOCAL_FUNCTION_GATEWAY_SECRET');
// How long a stopping worker waits for the tasks handed to EdgeRuntime.waitUntil.
const WAIT_UNTIL_GRACE_MS = 10_000;
const serve = Deno.serve.bind(Deno);

function handlerOf(args: unknown[]): Handler {
  const [first, second] = args;
  if (typeof first === 'function') return first as Handler;
  if (typeof second === 'function') return second as Handler;
  const handler = (first as { handler?: unknown } | undefined)?.handler;
  if (typeof handler === 'function') return handler as Handler;
  throw new TypeError('Deno.serve needs a handler.');
}

function throughGateway(handler: Handler): Handler {
  return (request, info) => {
    if (!gatewaySecret || request.headers.get(GATEWAY_SECRET_HEADER) !== gatewaySecret) {
      return new Response('Not through the gateway', { status: 403 });
    }
    const headers = new Headers(request.headers);
    headers.delete(GATEWAY_SECRET_HEADER);
    // Built from its parts: new Request(request, …) would read the request's abort signal, which
    // Deno.serve then warns about as if the function had used it.
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    const forwarded = new Request(request.url, {
      method: request.method,
      headers,
      body: bodyless ? null : request.body,
      duplex: 'half',
    } as RequestInit);
    return handler(forwarded, info);
  };
}

function workerError(error: unknown): Response {
  console.error(error);
  return new Response(
    JSON.stringify({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    }),
    {
      status: 500,
      headers: { 'Content-Type': 'application/json', 'sb-error-code': 'WORKER_ERROR' },
    },
  );
}

Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (...args: unknown[]) =>
    serve(
      {
        hostname,
        port: 0,
        onListen: ({ port }) => {
          console.info(`${LISTENING_PREFIX}${port}`);
          exitWhenStdinCloses();
        },
        onError: workerError,
      },
      throughGateway(handlerOf(args)),
    ),
});

const pending = new Set<Promise<unknown>>();
Object.defineProperty(globalThis, 'EdgeRuntime', {
  configurable: true,
  value: {
    waitUntil<T>(promise: Promise<T>): Promise<T> {
      const tracked = promise.finally(() => pending.delete(tracked));
      pending.add(tracked);
      tracked.catch((error) => console.error('EdgeRuntime.waitUntil: the task failed', error));
      return promise;
    },
  },
});

// The server's end of the pipe closes when it stops or dies: finish what waitUntil holds, then exit.
// Started once the function listens: a read of stdin started while modules load holds up their loading.
function exitWhenStdinCloses(): void {
  (async () => {
    for await (const _chunk of Deno.stdin.readable) {
      // The server writes nothing; anything read is ignored.
    }
    await Promise.race([
      Promise.allSettled([...pending]),
      new Promise((resolve) => setTimeout(resolve, WAIT_UNTIL_GRACE_MS)),
    ]);
    Deno.exit(0);
  })();
}
