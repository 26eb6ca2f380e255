import { SMALL_BODY_LIMIT } from '../src/http/body-limits.ts';
import { signEs256 } from '../src/keys/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SECRET_KEY } from '../src/keys/local-keys.ts';
import { generateSigningKey } from '../src/keys/signing-key.ts';
import { fetchFromAddress } from '../src/testing/fetch-from-address.ts';
import { signJwt } from '../src/testing/sign-jwt.ts';
import { uniqueEmail } from '../src/testing/test-server.ts';
import { startHookServer, type HookServer } from './test-support/auth-hook-server.ts';
import {
  decodeJwt,
  movableClock,
  startAuthServer,
  type AuthTestServer,
} from './test-support/auth-server.ts';
import { exchange } from './test-support/raw-http.ts';

// Malformed, oversized, replayed, concurrent, cross-site and forged requests to /auth/v1, and the JWTs
// REST, RPC, storage and Auth refuse: each gets Supabase Auth's or PostgREST's answer, never a 500.
let hook: HookServer;
let t: AuthTestServer;
const clock = movableClock();
const RAISED = { emailSent: 1e6, signInSignUps: 1e6, tokenVerifications: 1e6, tokenRefresh: 1e6 };

beforeAll(async () => {
  hook = await startHookServer();
  t = await startAuthServer({ hook, auth: { rateLimits: RAISED, now: clock.now } });
});
afterAll(async () => {
  await t.stop();
  await hook.close();
});

const V2024 = { 'X-Supabase-Api-Version': '2024-01-01' };

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${t.server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: t.server.publishableKey,
      'Content-Type': 'application/json',
      ...V2024,
      ...headers,
    },
    body,
  });
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function requestCode(email: string) {
  expect((await post('/otp', JSON.stringify({ email }))).status).toBe(200);
  return hook.codeFor(email);
}

async function signIn(email: string) {
  const token = await requestCode(email);
  const response = await post('/verify', JSON.stringify({ type: 'email', email, token }));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    access_token: string;
    refresh_token: string;
    user: { id: string };
  };
}

describe('bodies', () => {
  const deep = `${'{"a":'.repeat(70)}1${'}'.repeat(70)}`;

  it.each([
    ['/otp', '{', 'Could not parse request body as JSON: invalid character in JSON input'],
    ['/otp', '', 'Could not parse request body as JSON: unexpected end of JSON input'],
    ['/otp', deep, 'Could not parse request body as JSON: exceeded max depth'],
    [
      '/otp',
      '[]',
      'Could not parse request body as JSON: json: cannot unmarshal array into Go value of type api.OtpParams',
    ],
    [
      '/otp',
      '{"email": 5}',
      'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field OtpParams.email of type string',
    ],
    [
      '/otp',
      '{"email": "a@example.com", "create_user": "yes"}',
      'Could not parse request body as JSON: json: cannot unmarshal string into Go struct field OtpParams.create_user of type bool',
    ],
    [
      '/otp',
      '{"email": "a@example.com", "data": ["x"]}',
      'Could not parse request body as JSON: json: cannot unmarshal array into Go struct field OtpParams.data of type map[string]interface {}',
    ],
    [
      '/verify',
      '{"type": "email", "email": "a@example.com", "token": 123456}',
      'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field VerifyParams.token of type string',
    ],
    [
      '/token?grant_type=refresh_token',
      '{"refresh_token": {"$ne": null}}',
      'Could not parse request body as JSON: json: cannot unmarshal object into Go struct field RefreshTokenGrantParams.refresh_token of type string',
    ],
  ])('%s with %j is 400 bad_json', async (path, body, message) => {
    expect(await answer(await post(path, body))).toEqual({
      status: 400,
      body: { code: 'bad_json', message },
    });
  });

  it('answers clients without an API version in Auth’s first error shape', async () => {
    const response = await fetch(`${t.server.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: t.server.publishableKey },
      body: '{',
    });
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(response.headers.get('x-sb-error-code')).toBe('bad_json');
    expect(await answer(response)).toEqual({
      status: 400,
      body: {
        code: 400,
        error_code: 'bad_json',
        msg: 'Could not parse request body as JSON: invalid character in JSON input',
      },
    });
  });

  it('refuses a body over the limit unread, declared or streamed', async () => {
    const declared = await exchange(t.server.url, {
      method: 'POST',
      path: '/auth/v1/otp',
      headers: {
        apikey: t.server.publishableKey,
        'Content-Type': 'application/json',
        'Content-Length': String(SMALL_BODY_LIMIT + 1),
        ...V2024,
      },
      body: '{"email":',
      end: false,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      code: 'request_entity_too_large',
      message: `Request body too large (max ${SMALL_BODY_LIMIT} bytes)`,
    });
    expect(await declared.closed).toBe(true);

    const streamed = await post(
      '/otp',
      JSON.stringify({ email: 'big@example.com', data: { x: 'x'.repeat(SMALL_BODY_LIMIT) } }),
    );
    expect(streamed.status).toBe(413);
  });

  it.each([
    [
      { email: 'a@example.com', phone: '+15550100' },
      400,
      'validation_failed',
      'Only an email address or phone number should be provided',
    ],
    [{ phone: '+15550100' }, 400, 'phone_provider_disabled', 'Unsupported phone provider'],
    [{}, 400, 'validation_failed', 'One of email or phone must be set'],
    [
      { email: 'a@example.com', channel: 'sms' },
      400,
      'validation_failed',
      'Channel should only be specified with Phone OTP',
    ],
    [
      { email: 'a@example.com', code_challenge: 'x'.repeat(43) },
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    ],
    [
      { email: `${'a'.repeat(250)}@example.com` },
      400,
      'validation_failed',
      'An email address is too long',
    ],
    [
      { email: 'a@example.com\r\nBcc: b@example.com' },
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    ],
    [
      { email: '<script>@example.com' },
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    ],
  ])('/otp %j is %d %s', async (body, status, code, message) => {
    const calls = hook.calls.length;
    expect(await answer(await post('/otp', JSON.stringify(body)))).toEqual({
      status,
      body: { code, message },
    });
    expect(hook.calls.length).toBe(calls);
  });

  it.each([
    [
      { email: 'a@example.com', token: '123456' },
      400,
      'validation_failed',
      'Verify requires a verification type',
    ],
    [
      { type: 'email', email: 'a@example.com' },
      400,
      'validation_failed',
      'Verify requires either a token or a token hash',
    ],
    [
      { type: 'email', token: '1', token_hash: 'x' },
      400,
      'validation_failed',
      'Verify requires either a token or a token hash',
    ],
    [
      { type: 'email', token_hash: 'x', email: 'a@example.com' },
      400,
      'validation_failed',
      'Only the token_hash and type should be provided',
    ],
    [
      { type: 'email', token: '123456', email: 'nope' },
      422,
      'validation_failed',
      'Invalid email format',
    ],
    [
      { type: 'email', token: '123456' },
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on verify',
    ],
    [
      { type: 'sms', token: '123456', phone: '+15550100' },
      403,
      'otp_expired',
      'Token has expired or is invalid',
    ],
    [
      { type: 'constructor', token: '123456', email: 'a@example.com' },
      403,
      'otp_expired',
      'Token has expired or is invalid',
    ],
    [
      { type: 'email', token_hash: 'f'.repeat(56) },
      403,
      'otp_expired',
      'Email link is invalid or has expired',
    ],
  ])('/verify %j is %d %s', async (body, status, code, message) => {
    expect(await answer(await post('/verify', JSON.stringify(body)))).toEqual({
      status,
      body: { code, message },
    });
  });

  it.each(['', 'password', 'pkce', 'id_token', 'refresh_token2', '__proto__'])(
    '/token with grant_type %j is refused unread',
    async (grantType) => {
      expect(await answer(await post(`/token?grant_type=${grantType}`, '{}'))).toEqual({
        status: 400,
        body: { code: 'invalid_credentials', message: 'unsupported_grant_type' },
      });
    },
  );
});

describe('routes and keys', () => {
  it.each([
    ['GET', '/otp', 405],
    ['GET', '/verify', 405],
    ['PUT', '/user', 405],
    ['DELETE', '/logout', 405],
    ['POST', '/.well-known/jwks.json', 405],
    ['GET', '/nothing', 404],
    ['GET', '/constructor', 404],
    ['GET', '/__proto__', 404],
    ['POST', '/signup', 404],
  ])('%s %s is %d', async (method, path, status) => {
    const response = await fetch(`${t.server.url}/auth/v1${path}`, {
      method,
      headers: { apikey: t.server.publishableKey },
    });
    expect(response.status).toBe(status);
  });

  it('needs the apikey header, except for the public key set', async () => {
    const otp = (headers: Record<string, string>) =>
      fetch(`${t.server.url}/auth/v1/otp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email: uniqueEmail('key') }),
      });
    expect(await answer(await otp({}))).toMatchObject({
      status: 401,
      body: { message: 'No API key found in request' },
    });
    expect(await answer(await otp({ apikey: 'sb_publishable_forged' }))).toMatchObject({
      status: 401,
      body: { message: 'Invalid API key' },
    });
    const forgedLegacy = signJwt({ role: 'anon' }, 'another-secret-that-is-long-enough-000');
    expect((await otp({ apikey: forgedLegacy })).status).toBe(401);
    expect(
      await answer(
        await otp({ apikey: LOCAL_SECRET_KEY, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' }),
      ),
    ).toMatchObject({
      status: 401,
      body: { message: 'Forbidden use of secret API key in browser' },
    });
    expect((await otp({ apikey: LOCAL_ANON_KEY })).status).toBe(200);
    expect((await fetch(`${t.server.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200);
  });
});

describe('CORS', () => {
  it('lets the site’s origins call Auth and read its error codes', async () => {
    const preflight = await fetch(`${t.server.url}/auth/v1/otp`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4200',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'x-supabase-api-version',
    );

    const refused = await post('/otp', '{', { Origin: 'http://localhost:4200' });
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    expect(refused.headers.get('access-control-expose-headers')).toContain(
      'X-Supabase-Api-Version',
    );
    expect(refused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('sends no code for a page of another site', async () => {
    const calls = hook.calls.length;
    const response = await post('/otp', JSON.stringify({ email: uniqueEmail('csrf') }), {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(hook.calls.length).toBe(calls);
  });
});

describe('codes', () => {
  it('work once, even for requests racing with the same code', async () => {
    const email = uniqueEmail('race');
    const token = await requestCode(email);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/verify', JSON.stringify({ type: 'email', email, token })).then((r) => r.status),
      ),
    );
    expect(results.filter((status) => status === 200)).toHaveLength(1);
    expect(results.filter((status) => status === 403)).toHaveLength(9);
    expect((await post('/verify', JSON.stringify({ type: 'email', email, token }))).status).toBe(
      403,
    );
  });

  it('are replaced by the next one', async () => {
    const email = uniqueEmail('digest');
    const first = await requestCode(email);
    clock.advance(61_000);
    const second = await requestCode(email);
    const stale = await post('/verify', JSON.stringify({ type: 'email', email, token: first }));
    expect(stale.status).toBe(first === second ? 200 : 403);
    const fresh = await post('/verify', JSON.stringify({ type: 'email', email, token: second }));
    expect(fresh.status).toBe(first === second ? 403 : 200);
  });

  it('sign in by token hash (a mail link) once, without the address', async () => {
    const email = uniqueEmail('hash');
    await requestCode(email);
    const tokenHash = hook.calls.at(-1)!.payload.email_data.token_hash;
    const first = await post('/verify', JSON.stringify({ type: 'signup', token_hash: tokenHash }));
    expect(first.status).toBe(200);
    expect(((await first.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(
      await answer(
        await post('/verify', JSON.stringify({ type: 'signup', token_hash: tokenHash })),
      ),
    ).toEqual({
      status: 403,
      body: { code: 'otp_expired', message: 'Email link is invalid or has expired' },
    });
  });
});

describe('JWTs', () => {
  let session: { access_token: string; refresh_token: string; user: { id: string } };
  let kid: string;
  beforeAll(async () => {
    session = await signIn(uniqueEmail('jwt'));
    kid = decodeJwt(session.access_token).header.kid as string;
  });

  const whoami = (token: string) =>
    fetch(`${t.server.url}/rest/v1/rpc/whoami`, {
      method: 'POST',
      headers: {
        apikey: t.server.publishableKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
  const storageList = (token: string) =>
    fetch(`${t.server.url}/storage/v1/object/list/notes`, {
      method: 'POST',
      headers: {
        apikey: t.server.publishableKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
  const authUser = (token: string) =>
    fetch(`${t.server.url}/auth/v1/user`, {
      headers: { apikey: t.server.publishableKey, Authorization: `Bearer ${token}`, ...V2024 },
    });

  const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = () => decodeJwt(session.access_token).claims;
  const forgedWith = (header: unknown, body: unknown, signature = '') =>
    `${base64(header)}.${base64(body)}.${signature}`;

  it('of the signing key are the user everywhere', async () => {
    expect(await answer(await whoami(session.access_token))).toMatchObject({
      status: 200,
      body: { role: 'authenticated', uid: session.user.id },
    });
    expect((await storageList(session.access_token)).status).toBe(200);
    expect((await authUser(session.access_token)).status).toBe(200);
  });

  const refusals: [string, () => string | Promise<string>, Record<string, unknown>][] = [
    [
      'signed with another key under the same kid',
      () => signEs256(claims(), { ...generateSigningKey(), kid }),
      {
        code: 'PGRST301',
        message: 'No suitable key or wrong key type',
        details: 'None of the keys was able to decode the JWT',
      },
    ],
    [
      'signed with another key under its own kid',
      () => signEs256(claims(), generateSigningKey()),
      {
        code: 'PGRST301',
        message: 'No suitable key or wrong key type',
        details: 'No suitable key was found to decode the JWT',
      },
    ],
    [
      'tampered (role service_role)',
      () => {
        const [header, , signature] = session.access_token.split('.');
        return `${header}.${base64({ ...claims(), role: 'service_role' })}.${signature}`;
      },
      { code: 'PGRST301', details: 'None of the keys was able to decode the JWT' },
    ],
    [
      'alg none',
      () => forgedWith({ alg: 'none', typ: 'JWT' }, { ...claims(), role: 'service_role' }),
      {
        code: 'PGRST301',
        message: 'Wrong or unsupported encoding algorithm',
        details: "JWT is unsecured but expected 'alg' was not 'none'",
      },
    ],
    [
      'HS256 under another secret',
      () => signJwt(claims(), 'not-the-local-secret-but-long-enough-000'),
      { code: 'PGRST301', details: 'None of the keys was able to decode the JWT' },
    ],
    [
      'RS256',
      () => forgedWith({ alg: 'RS256', kid, typ: 'JWT' }, claims(), 'c2lnbmF0dXJl'),
      { code: 'PGRST301', message: 'No suitable key or wrong key type' },
    ],
    [
      'in two parts',
      () => session.access_token.split('.').slice(0, 2).join('.'),
      { code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2', details: null },
    ],
    [
      'not JSON',
      () => 'quifquirndsjagnrgniur.fonvoienqhhdj.iuqvnvhojah',
      { code: 'PGRST301', message: 'JWT cryptographic operation failed' },
    ],
  ];

  it.each(refusals)('%s are refused by REST, storage and Auth', async (_label, token, body) => {
    const rest = await whoami(await token());
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", /);
    expect(await rest.json()).toMatchObject({ hint: null, ...body });
    const storage = await storageList(await token());
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const auth = await answer(await authUser(await token()));
    expect(auth).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    expect(auth.body.message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
  });

  it('of the legacy secret are still accepted, as the legacy keys are', async () => {
    const legacy = signJwt(
      { role: 'authenticated', sub: session.user.id, email: 'legacy@example.com' },
      LOCAL_JWT_SECRET,
    );
    expect(await answer(await whoami(legacy))).toMatchObject({
      status: 200,
      body: { role: 'authenticated', uid: session.user.id, email: 'legacy@example.com' },
    });
    const nobody = signJwt(
      { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000000', aud: 'authenticated' },
      LOCAL_JWT_SECRET,
    );
    expect(await answer(await authUser(nobody))).toEqual({
      status: 403,
      body: { code: 'user_not_found', message: 'User from sub claim in JWT does not exist' },
    });
  });

  it('need a bearer at /auth/v1/user, one naming a user', async () => {
    expect(
      await answer(
        await fetch(`${t.server.url}/auth/v1/user`, {
          headers: { apikey: t.server.publishableKey, ...V2024 },
        }),
      ),
    ).toEqual({
      status: 401,
      body: { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' },
    });
    for (const token of [t.server.publishableKey, LOCAL_ANON_KEY]) {
      expect(await answer(await authUser(token))).toEqual({
        status: 403,
        body: { code: 'bad_jwt', message: 'invalid claim: missing sub claim' },
      });
    }
  });

  it('expire: PGRST303 at REST, bad_jwt at Auth', async () => {
    clock.advance(3_700_000);
    const rest = await whoami(session.access_token);
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await rest.json()).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    });
    expect(await answer(await authUser(session.access_token))).toEqual({
      status: 403,
      body: {
        code: 'bad_jwt',
        message:
          'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      },
    });
    // The refresh token is what renews it.
    const renewed = await post(
      '/token?grant_type=refresh_token',
      JSON.stringify({ refresh_token: session.refresh_token }),
    );
    expect(renewed.status).toBe(200);
  });
});

describe('rate limits', () => {
  const limited = movableClock();
  let l: AuthTestServer;
  beforeAll(async () => {
    l = await startAuthServer({
      hook,
      auth: {
        rateLimits: { emailSent: 3, signInSignUps: 4, tokenVerifications: 3, tokenRefresh: 2 },
        now: limited.now,
      },
    });
  });
  afterAll(() => l.stop());

  const call = (path: string, body: unknown, fetcher: typeof fetch = fetch) =>
    fetcher(`${l.server.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: l.server.publishableKey, 'Content-Type': 'application/json', ...V2024 },
      body: JSON.stringify(body),
    });

  it('allow so many emails an hour from the whole server', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await call('/otp', { email: uniqueEmail('quota') })).status).toBe(200);
    }
    const over = await call('/otp', { email: uniqueEmail('quota') }, fetchFromAddress('127.0.0.2'));
    expect(await answer(over)).toEqual({
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
    });
    limited.advance(20 * 60_000);
    expect((await call('/otp', { email: uniqueEmail('quota') })).status).toBe(200);
  });

  it('allow so many code requests per client address, counted before anything is read', async () => {
    limited.advance(60 * 60_000);
    for (let i = 0; i < 4; i += 1) {
      expect((await call('/otp', { email: 'not an address' })).status).toBe(400);
    }
    const over = await call('/otp', { email: uniqueEmail('burst') });
    expect(await answer(over)).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    });
  });

  it('allow so many code checks per client address, another address keeps its own', async () => {
    const guess = { type: 'email', email: 'victim@example.com', token: '0'.repeat(10) };
    for (let i = 0; i < 3; i += 1) expect((await call('/verify', guess)).status).toBe(403);
    expect(await answer(await call('/verify', guess))).toMatchObject({
      status: 429,
      body: { code: 'over_request_rate_limit' },
    });
    expect((await call('/verify', guess, fetchFromAddress('127.0.0.3'))).status).toBe(403);
    limited.advance(5 * 60_000);
    expect((await call('/verify', guess)).status).toBe(403);
  });

  it('allow so many refreshes per client address', async () => {
    const token = { refresh_token: 'abcdefghijkl' };
    for (let i = 0; i < 2; i += 1) {
      expect((await call('/token?grant_type=refresh_token', token)).status).toBe(400);
    }
    expect((await call('/token?grant_type=refresh_token', token)).status).toBe(429);
  });
});
