import { createHash, createPublicKey, verify } from 'node:crypto';
import { isAuthApiError } from '@supabase/supabase-js';
import { uniqueEmail } from '../src/testing/test-server.ts';
import { startHookServer, type HookServer } from './test-support/auth-hook-server.ts';
import { readAuthSettings } from '../src/auth/auth-config.ts';
import { readProjectConfig } from '../src/config/project-config.ts';
import {
  AUTH_PROJECT,
  CODE,
  decodeJwt,
  movableClock,
  otherCode,
  PROJECT_CODES,
  startAuthServer,
  type AuthTestServer,
} from './test-support/auth-server.ts';

// Email one-time-code sign-in with the unmodified supabase-js client against the real server: the code
// goes out through the Send Email Hook (a test server that checks the Standard Webhooks signature), and
// the session it gives is an ES256 access token that REST, RPC and storage accept as the user's.
let hook: HookServer;
let t: AuthTestServer;
const clock = movableClock();

beforeAll(async () => {
  hook = await startHookServer();
  t = await startAuthServer({ hook, auth: { now: clock.now } });
});
afterAll(async () => {
  await t.stop();
  await hook.close();
});

async function signIn(email: string) {
  const client = t.client();
  expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
  const { data, error } = await client.auth.verifyOtp({
    email,
    token: hook.codeFor(email),
    type: 'email',
  });
  expect(error).toBeNull();
  return { client, session: data.session!, user: data.user! };
}

describe('a code for a new address', () => {
  it('goes to the hook, signed, with Supabase Auth payload', async () => {
    const email = uniqueEmail('new');
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await t.client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: true },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });

    const call = hook.calls.at(-1)!;
    expect(call.signed).toBe(true);
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(call.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    const { user, email_data: emailData, metadata } = call.payload;
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email, email_verified: false, phone_verified: false, sub: user.id },
      identities: [expect.objectContaining({ provider: 'email', user_id: user.id })],
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(emailData).toEqual({
      token: expect.stringMatching(CODE),
      token_hash: createHash('sha224').update(`${email}${emailData.token}`).digest('hex'),
      redirect_to: 'http://localhost:4200',
      email_action_type: 'signup',
      site_url: `${t.server.url}/auth/v1`,
      token_new: '',
      token_hash_new: '',
      old_email: '',
      old_phone: '',
      provider: '',
      factor_type: '',
    });
    expect(metadata).toMatchObject({ name: 'send-email', ip_address: '127.0.0.1' });
  });

  it('signs the user in once, confirming the address', async () => {
    const email = uniqueEmail('confirm');
    const client = t.client();
    await client.auth.signInWithOtp({ email });
    const token = hook.codeFor(email);

    const { data, error } = await client.auth.verifyOtp({ email, token, type: 'email' });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^[a-z0-9]{12}$/),
    });
    expect(session.expires_at! - Math.floor(clock.now().getTime() / 1000)).toBeGreaterThan(3590);
    expect(data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });

    const again = await t.client().auth.verifyOtp({ email, token, type: 'email' });
    expect(again.data.session).toBeNull();
    expect(isAuthApiError(again.error)).toBe(true);
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('is refused for an unknown address when the client asks not to create users', async () => {
    const { error } = await t.client().auth.signInWithOtp({
      email: uniqueEmail('unknown'),
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
  });

  it('is refused for an address that is not one', async () => {
    const { error } = await t.client().auth.signInWithOtp({ email: 'not an address' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });
});

describe('a code for a known address', () => {
  it('is a magic link code, given once a minute per address', async () => {
    const email = uniqueEmail('known');
    await signIn(email);

    const client = t.client();
    expect(
      (await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    expect(hook.calls.at(-1)!.payload.email_data.email_action_type).toBe('magiclink');

    const { error } = await client.auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(
      /^For security purposes, you can only request this after (5\d|60) seconds\.$/,
    );

    clock.advance(61_000);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const { data } = await client.auth.verifyOtp({
      email,
      token: hook.codeFor(email),
      type: 'magiclink',
    });
    expect(data.session).not.toBeNull();
  });

  it('works only with the address it was sent to, and not once expired', async () => {
    const email = uniqueEmail('owner');
    const other = uniqueEmail('other');
    await signIn(other);
    const client = t.client();
    await client.auth.signInWithOtp({ email });
    const token = hook.codeFor(email);

    const elsewhere = await client.auth.verifyOtp({ email: other, token, type: 'email' });
    expect(elsewhere.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(
      (await client.auth.verifyOtp({ email, token: otherCode(token), type: 'email' })).error,
    ).toMatchObject({ status: 403, code: 'otp_expired' });

    clock.advance(PROJECT_CODES.otpExpirySeconds * 1000 + 1000);
    expect((await client.auth.verifyOtp({ email, token, type: 'email' })).error).toMatchObject({
      status: 403,
      code: 'otp_expired',
    });
  });

  it('still works a second before its time is up', async () => {
    const email = uniqueEmail('late');
    const client = t.client();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const token = hook.codeFor(email);
    clock.advance(PROJECT_CODES.otpExpirySeconds * 1000 - 1000);
    const { data, error } = await client.auth.verifyOtp({ email, token, type: 'email' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
  });
});

describe("the auth project's codes", () => {
  it("are the site's own project's: as many digits, valid as long (supabase/config.toml)", () => {
    const fixture = readAuthSettings(readProjectConfig(AUTH_PROJECT)).email;
    expect(fixture.otpLength).toBe(PROJECT_CODES.otpLength);
    expect(fixture.otpExpirySeconds).toBe(PROJECT_CODES.otpExpirySeconds);
    expect(PROJECT_CODES.otpLength).toBe(10);
  });
});

describe('the session', () => {
  it('is an ES256 token of the published key, with Supabase Auth claims', async () => {
    const email = uniqueEmail('claims');
    const { client, session, user } = await signIn(email);
    const { header, claims } = decodeJwt(session.access_token);

    const jwks = await fetch(`${t.server.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await jwks.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toEqual([
      {
        alg: 'ES256',
        crv: 'P-256',
        ext: true,
        key_ops: ['verify'],
        kid: expect.any(String),
        kty: 'EC',
        use: 'sig',
        x: expect.any(String),
        y: expect.any(String),
      },
    ]);
    expect(header).toEqual({ alg: 'ES256', kid: keys[0].kid, typ: 'JWT' });
    const [headerPart, payloadPart, signature] = session.access_token.split('.');
    const publicKey = createPublicKey({ key: keys[0] as never, format: 'jwk' });
    expect(
      verify(
        'sha256',
        Buffer.from(`${headerPart}.${payloadPart}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);

    expect(claims).toEqual({
      iss: `${t.server.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp: (claims.iat as number) + 3600,
      iat: expect.any(Number),
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email, email_verified: true, phone_verified: false, sub: user.id },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);

    // supabase-js checks it against the published key itself.
    const verified = await client.auth.getClaims();
    expect(verified.error).toBeNull();
    expect(verified.data?.claims.sub).toBe(user.id);
    const fetched = await client.auth.getUser();
    expect(fetched.error).toBeNull();
    expect(fetched.data.user).toMatchObject({ id: user.id, email, aud: 'authenticated' });
  });

  it('is the user in SQL: auth.uid(), auth.jwt(), RLS and storage', async () => {
    const alice = await signIn(uniqueEmail('alice'));
    const bob = await signIn(uniqueEmail('bob'));

    const { data: whoami, error } = await alice.client.rpc('whoami');
    expect(error).toBeNull();
    expect(whoami).toMatchObject({
      role: 'authenticated',
      db_role: 'authenticated',
      uid: alice.user.id,
      email: alice.user.email,
      jwt: {
        sub: alice.user.id,
        session_id: decodeJwt(alice.session.access_token).claims.session_id,
      },
    });

    expect((await alice.client.from('notes').insert({ body: 'mine' })).error).toBeNull();
    const mine = await alice.client.from('notes').select('owner, body');
    expect(mine.data).toEqual([{ owner: alice.user.id, body: 'mine' }]);
    expect((await bob.client.from('notes').select('body')).data).toEqual([]);
    const anon = await t.client().rpc('whoami');
    expect(anon.data).toMatchObject({ role: 'anon', uid: null });

    const upload = await alice.client.storage
      .from('notes')
      .upload(`${alice.user.id}/note.txt`, 'hello', { contentType: 'text/plain' });
    expect(upload.error).toBeNull();
    const listed = await alice.client.storage.from('notes').list(alice.user.id);
    expect(listed.data?.map((file) => file.name)).toEqual(['note.txt']);
    expect((await bob.client.storage.from('notes').list(alice.user.id)).data).toEqual([]);
  });

  it('refreshes with a new refresh token each time', async () => {
    const { client, session } = await signIn(uniqueEmail('refresh'));
    clock.advance(1_000);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(data.session!.access_token).not.toBe(session.access_token);
    expect(decodeJwt(data.session!.access_token).claims.session_id).toBe(
      decodeJwt(session.access_token).claims.session_id,
    );
    expect((await client.rpc('whoami')).data).toMatchObject({ uid: data.user!.id });
  });

  it('ends at sign-out: no refresh, getUser finds no session, REST keeps the token until it expires', async () => {
    const { client, session } = await signIn(uniqueEmail('signout'));
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const stale = t.client();
    const refreshed = await stale.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });

    const user = await t.client().auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');

    const raw = await fetch(`${t.server.url}/auth/v1/user`, {
      headers: {
        apikey: t.server.publishableKey,
        Authorization: `Bearer ${session.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });

    const rest = await fetch(`${t.server.url}/rest/v1/rpc/whoami`, {
      method: 'POST',
      headers: {
        apikey: t.server.publishableKey,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(rest.status).toBe(200);
  });
});
