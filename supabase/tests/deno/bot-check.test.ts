// The siteverify call on Deno, the runtime the functions run it on: the cases that lean on the runtime's
// fetch, streams and timers (a pass, a hung siteverify, an endless answer, a refused request). Every
// answer's meaning is in tests/unit/bot-check-siteverify.test.ts.
import { verifyBotCheck } from '../../functions/_shared/bot-check/siteverify.ts';
import { assertEquals } from './assert.ts';

const request = {
  secret: '0x4AAAAAAAsecret-of-production',
  token: '0.real-looking-token',
  hostnames: ['agentora.ai'],
  action: 'newsletter',
  remoteIp: '203.0.113.7',
};

/** A local siteverify answering with `answer`, for the length of `run`. */
async function withSiteverify(
  answer: (request: Request) => Response | Promise<Response>,
  run: (url: string) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, signal: controller.signal, onListen: () => {} },
    answer,
  );
  try {
    await run(`http://127.0.0.1:${server.addr.port}/turnstile/v0/siteverify`);
  } finally {
    controller.abort();
    await server.finished;
  }
}

Deno.test('bot check on Deno: a pass over HTTP, with the request as sent', async () => {
  const bodies: unknown[] = [];
  await withSiteverify(
    async (incoming) => {
      bodies.push(await incoming.json());
      return Response.json({ success: true, hostname: 'agentora.ai', action: 'newsletter' });
    },
    async (url) => {
      const result = await verifyBotCheck(request, { url, idempotencyKey: () => 'key-1' });
      assertEquals(result, { outcome: 'passed', testing: false });
    },
  );
  assertEquals(bodies, [
    {
      secret: request.secret,
      response: request.token,
      remoteip: request.remoteIp,
      idempotency_key: 'key-1',
    },
  ]);
});

Deno.test('bot check on Deno: a siteverify that never answers times out, twice', async () => {
  let calls = 0;
  await withSiteverify(
    (incoming) => {
      calls += 1;
      // Answers only once the client has given up.
      return new Promise((resolve) =>
        incoming.signal.addEventListener('abort', () => resolve(new Response('late'))),
      );
    },
    async (url) => {
      const result = await verifyBotCheck(request, { url, timeoutMs: 100 });
      assertEquals(result.outcome, 'unavailable');
      assertEquals('reason' in result && result.reason, 'timeout');
    },
  );
  assertEquals(calls, 2);
});

Deno.test(
  'bot check on Deno: an endless answer is cut off, and the connection closed',
  async () => {
    const cancelled = Promise.withResolvers<void>();
    await withSiteverify(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              controller.enqueue(new Uint8Array(4096).fill(32));
            },
            cancel() {
              cancelled.resolve();
            },
          }),
        ),
      async (url) => {
        const result = await verifyBotCheck(request, { url, timeoutMs: 2000 });
        assertEquals(result.outcome, 'unavailable');
        assertEquals('reason' in result && result.reason, 'malformed');
        // The server sees the client stop reading: its endless body is cancelled.
        await cancelled.promise;
      },
    );
  },
);

Deno.test('bot check on Deno: nothing listening is unreachable', async () => {
  const result = await verifyBotCheck(request, { url: 'http://127.0.0.1:9/siteverify' });
  assertEquals(result.outcome, 'unavailable');
  assertEquals('reason' in result && result.reason, 'unreachable');
});
