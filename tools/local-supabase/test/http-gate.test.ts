import { SMALL_BODY_LIMIT, fileBodyLimit } from '../src/http/body-limits.ts';
import { exchange, openSocket } from './test-support/raw-http.ts';
import { signUpThrough } from '../src/testing/sign-up.ts';
import { apiHeaders, uniqueEmail, type TestServer } from '../src/testing/test-server.ts';
import { GUESTBOOK, startGuestbookServer } from './test-support/guestbook.ts';

// What the server decides from a request's head alone: which Host it answers, which origins may read
// it, and that no body is read before the route and the key allow it, and then only up to the limit.
// Anonymous REST writes go to the tests' own table (test-support/guestbook.ts).
let t: TestServer;
beforeAll(async () => {
  t = await startGuestbookServer();
});
afterAll(() => t.stop());

const FIFTY_MB = String(50 * 1024 * 1024);
const anonKeyHeaders = () => ({
  apikey: t.server.anonKey,
  Authorization: `Bearer ${t.server.anonKey}`,
});

async function storedEmails(table: string, email: string): Promise<unknown[]> {
  const { data, error } = await t.service.from(table).select('email').eq('email', email);
  expect(error).toBeNull();
  return data ?? [];
}

describe('Host header: only this machine’s own names (DNS rebinding)', () => {
  it.each([
    'localhost',
    'localhost:54321',
    'LocalHost:1',
    '127.0.0.1',
    '127.0.0.1:4300',
    '[::1]',
    '[::1]:8080',
  ])('answers Host %s', async (host) => {
    const response = await exchange(t.server.url, { path: '/health', headers: { Host: host } });
    expect(response.status).toBe(200);
  });

  it.each([
    'evil.example',
    'evil.example:54321',
    'localhost.',
    'localhost.evil.example',
    'evil.localhost',
    '127.0.0.1.nip.io',
    '127.0.0.2',
    '0.0.0.0',
    '[::2]',
    '[::ffff:127.0.0.1]',
    'localhost:1:2',
    'localhost@evil.example',
  ])('refuses Host %s with 421 and no data', async (host) => {
    for (const path of ['/outbox.json', '/outbox', `/rest/v1/${GUESTBOOK}`, '/health']) {
      const response = await exchange(t.server.url, {
        path,
        headers: { Host: host, Origin: 'http://localhost:4200', ...anonKeyHeaders() },
      });
      expect(response.status).toBe(421);
      expect(JSON.parse(response.body)).toEqual({
        message: 'This server answers only to localhost, 127.0.0.1 and [::1]',
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('refuses a request without Host (HTTP/1.0)', async () => {
    const socket = await openSocket(t.server.url);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.write('GET /outbox.json HTTP/1.0\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 421 /);
    expect(answer).not.toContain('"to"');
  });
});

describe('CORS: only the site’s own origins', () => {
  const LOOPBACK_ORIGINS = [
    'http://localhost:4200',
    'http://127.0.0.1:4300',
    'http://127.0.0.1:4700',
    'http://[::1]:4400',
    'https://localhost:8443',
    'http://localhost',
  ];
  const OTHER_ORIGINS = [
    'https://evil.example',
    'http://localhost.evil.example:4200',
    'http://evil.localhost:4200',
    'http://127.0.0.1.nip.io:4200',
    'http://0x7f.1:4200',
    'http://2130706433:4200',
    'http://LOCALHOST:4200',
    'http://localhost:4200/',
    'ftp://localhost:4200',
    'null',
    'file://',
  ];

  it.each(LOOPBACK_ORIGINS)('echoes the loopback origin %s, with Vary: Origin', async (origin) => {
    const response = await fetch(`${t.server.url}/rest/v1/${GUESTBOOK}`, {
      method: 'POST',
      headers: { ...apiHeaders(t.server.anonKey), Origin: origin },
      body: JSON.stringify({ email: 'broken' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it.each(OTHER_ORIGINS)(
    'gives %s no CORS headers and refuses its writes and preflights',
    async (origin) => {
      const read = await exchange(t.server.url, { path: '/health', headers: { Origin: origin } });
      expect(read.status).toBe(200);
      expect(read.headers['vary']).toBe('Origin');
      expect(
        Object.keys(read.headers).filter((name) => name.startsWith('access-control-')),
      ).toEqual([]);

      const preflight = await exchange(t.server.url, {
        method: 'OPTIONS',
        path: `/rest/v1/${GUESTBOOK}`,
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

      // A "simple" cross-site request needs no preflight; it must change nothing all the same.
      const email = uniqueEmail('crosssite');
      const write = await exchange(t.server.url, {
        method: 'POST',
        path: `/rest/v1/${GUESTBOOK}`,
        headers: { ...apiHeaders(t.server.anonKey), Origin: origin },
        body: JSON.stringify({ email }),
      });
      expect(write.status).toBe(403);
      expect(JSON.parse(write.body)).toEqual({
        message: `Requests from the origin ${origin} are not allowed`,
      });
      expect(await storedEmails(GUESTBOOK, email)).toEqual([]);
    },
  );

  it('sets no CORS header at all on the outbox, for any origin', async () => {
    for (const path of [
      '/outbox',
      '/outbox.json',
      '/outbox/00000000-0000-0000-0000-000000000000',
    ]) {
      for (const method of ['GET', 'OPTIONS']) {
        const response = await exchange(t.server.url, {
          method,
          path,
          headers: {
            Origin: 'http://localhost:4200',
            'Access-Control-Request-Method': 'GET',
          },
        });
        expect(response.status).toBeLessThan(500);
        expect(
          Object.keys(response.headers).filter(
            (name) => name.startsWith('access-control-') || name === 'vary',
          ),
        ).toEqual([]);
      }
    }
  });

  it('puts the server’s origin policy on function answers, not the function’s own `*`', async () => {
    const call = (origin?: string) =>
      signUpThrough(
        t.server,
        { list: 'newsletter', fields: { email: uniqueEmail() } },
        { headers: origin ? { Origin: origin } : {} },
      );
    const fromSite = await call('http://127.0.0.1:4500');
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4500');
    const fromNode = await call();
    expect(fromNode.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('no body is read before the route and the key allow it', () => {
  // Each request declares a 50 MB body (or an endless chunked one) and sends a few bytes of it: an
  // answer can only come from a server that decided without the body.
  const cases: [string, string, string, Record<string, string>, number][] = [
    ['the health check', 'GET', '/health', {}, 200],
    ['the index', 'GET', '/', {}, 200],
    ['an unknown route', 'POST', '/nothing/here', {}, 404],
    ['the outbox', 'POST', '/outbox.json', {}, 405],
    ['a preflight', 'OPTIONS', `/rest/v1/${GUESTBOOK}`, {}, 204],
    ['REST without a key', 'POST', `/rest/v1/${GUESTBOOK}`, {}, 401],
    [
      'REST with a forged key',
      'POST',
      `/rest/v1/${GUESTBOOK}`,
      { apikey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl' },
      401,
    ],
    ['REST reads (no body)', 'GET', `/rest/v1/${GUESTBOOK}`, { 'x-key': 'anon' }, 401],
    ['REST, an unknown table', 'POST', '/rest/v1/signups', { 'x-key': 'anon' }, 404],
    ['REST, an invalid path', 'POST', '/rest/v1/a/b/c', { 'x-key': 'anon' }, 404],
    [
      'storage upload without a key',
      'POST',
      '/storage/v1/object/applications/resumes/x.pdf',
      {},
      401,
    ],
    [
      'storage upload to no bucket',
      'POST',
      '/storage/v1/object/avatars/x.png',
      { 'x-key': 'anon' },
      400,
    ],
    ['storage public read', 'GET', '/storage/v1/object/public/applications/resumes/x.pdf', {}, 400],
    // The gateway checks no key (each function checks its own, after reading its body, as on hosted
    // Supabase with verify_jwt = false); a method no function takes is refused before the body.
    ['a function, by a method none takes', 'PROPFIND', '/functions/v1/sign-up', {}, 405],
    ['an unknown function', 'POST', '/functions/v1/nope', { 'x-key': 'anon' }, 404],
  ];

  describe.each([
    ['Content-Length: 50 MB', { 'Content-Length': FIFTY_MB }],
    ['an endless chunked body', { 'Transfer-Encoding': 'chunked' }],
  ])('with %s', (_, framing) => {
    it.each(cases)(
      '%s answers at once and closes',
      async (_name, method, path, headers, status) => {
        const { 'x-key': key, ...rest } = headers;
        const response = await exchange(t.server.url, {
          method,
          path,
          headers: { ...rest, ...(key ? anonKeyHeaders() : {}), ...framing },
          body: 'Transfer-Encoding' in framing ? '10\r\n{"email":"a@b.c"\r\n' : '{"email":"a@b.c"',
          end: false,
        });
        expect(response.status).toBe(status);
        expect(await response.closed).toBe(true);
      },
    );
  });
});

describe('body limits, per route', () => {
  it('REST: a declared body over the limit is refused with 413 before it is sent', async () => {
    const response = await exchange(t.server.url, {
      method: 'POST',
      path: `/rest/v1/${GUESTBOOK}`,
      headers: { ...apiHeaders(t.server.anonKey), 'Content-Length': String(SMALL_BODY_LIMIT + 1) },
      end: false,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: `The request body is larger than ${SMALL_BODY_LIMIT} bytes`,
    });
    expect(await response.closed).toBe(true);
  });

  it('REST: a chunked body is cut as soon as it passes the limit', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const framed = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    const response = await exchange(t.server.url, {
      method: 'POST',
      path: `/rest/v1/${GUESTBOOK}`,
      headers: { ...apiHeaders(t.server.anonKey), 'Transfer-Encoding': 'chunked' },
      body: Buffer.concat(
        Array.from({ length: SMALL_BODY_LIMIT / chunk.length + 1 }, () => framed),
      ),
      end: false,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'PGRST102' });
    expect(await response.closed).toBe(true);
  });

  it('REST: a body of exactly the limit is read and reaches the database', async () => {
    const prefix = '{"email":"';
    const suffix = '@example.com"}';
    const body = prefix + 'a'.repeat(SMALL_BODY_LIMIT - prefix.length - suffix.length) + suffix;
    expect(Buffer.byteLength(body)).toBe(SMALL_BODY_LIMIT);
    const response = await fetch(`${t.server.url}/rest/v1/${GUESTBOOK}`, {
      method: 'POST',
      headers: apiHeaders(t.server.anonKey),
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '23514' });
  });

  it('storage: over the bucket’s 5 MB plus the multipart room is 413 in storage-api’s shape', async () => {
    const limit = fileBodyLimit(5 * 1024 * 1024);
    const response = await exchange(t.server.url, {
      method: 'POST',
      path: `/storage/v1/object/applications/resumes/${Date.now()}-${'a'.repeat(32)}.pdf`,
      headers: {
        ...anonKeyHeaders(),
        'Content-Type': 'application/pdf',
        'Content-Length': String(limit + 1),
      },
      end: false,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(await response.closed).toBe(true);
  });

  it('storage: supabase-js sees the same error for a 60 MB file', async () => {
    const { error } = await t.anon.storage
      .from('applications')
      .upload(
        `resumes/${Date.now()}-${'b'.repeat(32)}.pdf`,
        new File([new Uint8Array(60 * 1024 * 1024)], 'huge.pdf', { type: 'application/pdf' }),
      );
    expect(error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it("functions: the gateway holds a body to its ceiling, the largest bucket's file", async () => {
    const ceiling = fileBodyLimit(5 * 1024 * 1024);
    const response = await exchange(t.server.url, {
      method: 'POST',
      path: '/functions/v1/sign-up',
      headers: { ...apiHeaders(t.server.publishableKey), 'Content-Length': String(ceiling + 1) },
      end: false,
    });
    expect(response.status).toBe(413);
    expect(response.headers['sb-error-code']).toBe('PAYLOAD_TOO_LARGE');
    expect(JSON.parse(response.body)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `The request body is larger than ${ceiling} bytes`,
    });
  });

  it('functions: a JSON call above the small limit is refused by the function itself', async () => {
    const response = await fetch(`${t.server.url}/functions/v1/sign-up`, {
      method: 'POST',
      headers: apiHeaders(t.server.publishableKey),
      body: JSON.stringify({
        list: 'newsletter',
        fields: { email: 'a@example.com' },
        pad: 'x'.repeat(SMALL_BODY_LIMIT),
      }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The request body is too large.',
    });
  });
});
