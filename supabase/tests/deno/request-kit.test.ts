// The functions' request kit (functions/_shared/http): how every function reads a body and refuses a
// method. Each reader is fed a body that counts what is pulled from it, so "refused before it is read"
// is something the test sees, not something it infers from the answer.
import {
  readBoundedBody,
  readFormBody,
  readJsonBody,
  readTextBody,
  BodyTooLargeError,
} from '../../functions/_shared/http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  methodNotAllowed,
  preflightResponse,
} from '../../functions/_shared/http/responses.ts';
import { assertEquals } from './assert.ts';

const URL = 'http://functions.test/kit';

/** A body of `chunks` chunks of `size` bytes that counts the chunks read; nothing is pulled ahead. */
function countedBody(chunks: number, size: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled === chunks) return controller.close();
        counter.pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(URL, { method: 'POST', headers, body });

Deno.test(
  'a body declared larger than the limit is refused before a byte of it is read',
  async () => {
    for (const read of [
      (request: Request) => readJsonBody(request, 1024),
      (request: Request) => readTextBody(request, 1024),
      (request: Request) => readFormBody(request, 1024, ['application/x-www-form-urlencoded']),
    ]) {
      const { stream, counter } = countedBody(1_000, 1024);
      const request = post(stream, {
        'content-length': String(1_000 * 1024),
        'content-type': 'application/x-www-form-urlencoded',
      });
      const answer = await read(request);
      assertEquals(
        [answer.ok, !answer.ok && answer.problem, !answer.ok && answer.response.status],
        [false, 'too-large', 413],
      );
      assertEquals(counter.pulled, 0, 'chunks read');
    }
  },
);

Deno.test(
  'a streamed body stops being read once it passes the limit, and the rest is cancelled',
  async () => {
    const { stream, counter } = countedBody(1_000, 1024);
    let thrown: unknown;
    try {
      await readBoundedBody(post(stream), 4 * 1024);
    } catch (error) {
      thrown = error;
    }
    assertEquals(thrown instanceof BodyTooLargeError, true);
    // Four chunks fit; the fifth passes the limit and is the last one read.
    assertEquals(counter, { pulled: 5, cancelled: true });
  },
);

Deno.test('a body within the limit is read whole', async () => {
  const { stream } = countedBody(4, 1024);
  assertEquals((await readBoundedBody(post(stream), 4 * 1024)).byteLength, 4 * 1024);
  assertEquals(await readJsonBody(post('{"a": 1}'), 1024), { ok: true, body: { a: 1 } });
  assertEquals(await readTextBody(post('{"a": 1}'), 1024), { ok: true, body: '{"a": 1}' });
});

Deno.test(
  'JSON: 400 for what is not JSON, a blank body only where the caller allows it',
  async () => {
    const refusal = async (body: string, options = {}) => {
      const read = await readJsonBody(post(body), 1024, options);
      return read.ok ? read : [read.problem, read.response.status, await read.response.json()];
    };
    assertEquals(await refusal('{"a":'), [
      'malformed',
      400,
      { success: false, error: 'The request body must be JSON.' },
    ]);
    assertEquals(await refusal('  '), [
      'malformed',
      400,
      { success: false, error: 'The request body must be JSON.' },
    ]);
    assertEquals(await refusal('  ', { optional: true }), { ok: true, body: undefined });
    // A function names what it takes in its refusals.
    assertEquals(await refusal('x'.repeat(2000), { name: 'report' }), [
      'too-large',
      413,
      { success: false, error: 'The report is too large.' },
    ]);
  },
);

Deno.test('forms: the type is checked before anything is read', async () => {
  const form = (contentType: string, body: BodyInit) =>
    readFormBody(post(body, { 'content-type': contentType }), 1024, ['multipart/form-data']);
  for (const contentType of ['application/json', 'multipart/form-data', 'text/plain']) {
    const { stream, counter } = countedBody(1, 16);
    const read = await form(contentType, stream);
    // A multipart body without its boundary cannot be parsed: refused as the wrong type.
    assertEquals(
      [contentType, !read.ok && read.problem, !read.ok && read.response.status],
      [contentType, 'wrong-type', 415],
    );
    assertEquals(counter.pulled, 0);
  }
  const garbled = await form('multipart/form-data; boundary=x', 'not multipart at all');
  assertEquals(!garbled.ok && [garbled.problem, garbled.response.status], ['malformed', 400]);

  const sent = new FormData();
  sent.set('List-Unsubscribe', 'One-Click');
  const encoded = new Request(URL, { method: 'POST', body: sent });
  const read = await readFormBody(encoded, 1024, ['multipart/form-data']);
  assertEquals(read.ok && read.body.get('List-Unsubscribe'), 'One-Click');
});

Deno.test(
  '405 names the methods taken in Allow, in the ErrorBody or the answer given',
  async () => {
    const plain = methodNotAllowed(['GET', 'POST']);
    assertEquals(
      [plain.status, plain.headers.get('allow'), await plain.json()],
      [405, 'GET, POST', { success: false, error: 'Use GET or POST.' }],
    );
    const own = methodNotAllowed(['POST'], new Response('{}', { status: 405 }));
    assertEquals([own.status, own.headers.get('allow'), await own.text()], [405, 'POST', '{}']);

    const refusal = errorResponse(429, 'rate_limited');
    assertEquals(
      [refusal.headers.get('access-control-allow-origin'), await refusal.json()],
      ['*', { success: false, error: 'rate_limited' }],
    );
    const preflight = preflightResponse({ 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS' });
    assertEquals(preflight.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS');
    await preflight.body?.cancel();
  },
);

Deno.test(
  'acceptMethods: the handler of the method, the preflight, and 405 for the rest',
  async () => {
    const seen: string[] = [];
    const handler = acceptMethods(
      {
        GET: (request) => (seen.push(request.method), Promise.resolve(jsonResponse(200, 'read'))),
        HEAD: () => Promise.resolve(new Response(null, { status: 204 })),
        POST: () => Promise.resolve(jsonResponse(201, 'made')),
      },
      { preflight: { 'Access-Control-Expose-Headers': 'Content-Disposition' } },
    );
    const call = (method: string) => handler(new Request(URL, { method }));

    const read = await call('GET');
    assertEquals([read.status, await read.json(), seen], [200, 'read', ['GET']]);
    assertEquals((await call('HEAD')).status, 204);
    const made = await call('POST');
    assertEquals([made.status, await made.json()], [201, 'made']);
    const preflight = await call('OPTIONS');
    assertEquals(
      [preflight.status, preflight.headers.get('access-control-expose-headers')],
      [200, 'Content-Disposition'],
    );
    await preflight.body?.cancel();
    // Names of an object's built-ins too: each is a method the function does not take.
    for (const method of ['PUT', 'PATCH', 'DELETE', 'constructor', 'toString', 'hasOwnProperty']) {
      const refused = await call(method);
      assertEquals(
        [refused.status, refused.headers.get('allow'), await refused.json()],
        [405, 'GET, HEAD, POST', { success: false, error: 'Use GET, HEAD or POST.' }],
      );
    }
    assertEquals(seen, ['GET'], 'no handler ran for a refused method');
  },
);

Deno.test(
  'acceptMethods: no preflight where no page calls, and a 405 in the shape given',
  async () => {
    const handler = acceptMethods(
      { POST: () => Promise.resolve(new Response(null, { status: 204 })) },
      {
        preflight: false,
        refuse: (status, message) =>
          new Response(JSON.stringify({ code: status, message }), { status }),
      },
    );
    for (const method of ['OPTIONS', 'GET']) {
      const refused = await handler(new Request(URL, { method }));
      assertEquals(
        [refused.status, refused.headers.get('allow'), await refused.json()],
        [405, 'POST', { code: 405, message: 'Use POST.' }],
      );
    }
  },
);
