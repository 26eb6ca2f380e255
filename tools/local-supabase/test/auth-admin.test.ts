import { createHash } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { uniqueEmail } from '../src/testing/test-server.ts';
import { startHookServer, type HookServer } from './test-support/auth-hook-server.ts';
import {
  CODE,
  decodeJwt,
  startAuthServer,
  type AuthTestServer,
} from './test-support/auth-server.ts';

// POST /auth/v1/admin/generate_link, as supabase-js's auth.admin.generateLink calls it with the secret
// key: a code and its token hash for an address, handed back to the caller instead of mailed. A function
// that mails its own codes uses it to turn a code it checked into a session (docs/security.md, "The
// console"). It sends nothing, spends none of the hour's mail budget and obeys no per-address wait.
let hook: HookServer;
let t: AuthTestServer;

beforeAll(async () => {
  hook = await startHookServer();
  // No mail may be sent at all: a link that needed one would fail.
  t = await startAuthServer({ hook, auth: { rateLimits: { emailSent: 0 } } });
});
afterAll(async () => {
  await t.stop();
  await hook.close();
});

const admin = () =>
  createClient(t.server.url, t.server.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

describe('admin generate_link', () => {
  it('makes a new address a user and answers its sign-up code and hash, mailing nothing', async () => {
    const email = uniqueEmail('Linked');
    const calls = hook.calls.length;
    const { data, error } = await admin().auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    const { properties, user } = data;
    expect(properties).toEqual({
      action_link: expect.stringContaining(`${t.server.url}/auth/v1/verify?token=`),
      email_otp: expect.stringMatching(CODE),
      hashed_token: createHash('sha224')
        .update(`${email.toLowerCase()}${properties!.email_otp}`)
        .digest('hex'),
      redirect_to: 'http://localhost:4200',
      verification_type: 'signup',
    });
    expect(user).toMatchObject({ email: email.toLowerCase(), aud: 'authenticated' });
    expect(user!.email_confirmed_at).toBeUndefined();
    expect(hook.calls.length).toBe(calls);

    const client = t.client();
    const signedIn = await client.auth.verifyOtp({
      token_hash: properties!.hashed_token,
      type: 'signup',
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user).toMatchObject({
      id: user!.id,
      email_confirmed_at: expect.any(String),
    });
    expect(decodeJwt(signedIn.data.session!.access_token).claims).toMatchObject({
      email: email.toLowerCase(),
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
    });

    const again = await t.client().auth.verifyOtp({
      token_hash: properties!.hashed_token,
      type: 'signup',
    });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('gives a known address a magic link code, as often as asked, the latest one working', async () => {
    const email = uniqueEmail('known');
    const first = await admin().auth.admin.generateLink({ type: 'magiclink', email });
    await t
      .client()
      .auth.verifyOtp({ token_hash: first.data.properties!.hashed_token, type: 'signup' });

    const older = await admin().auth.admin.generateLink({ type: 'magiclink', email });
    const newer = await admin().auth.admin.generateLink({ type: 'magiclink', email });
    expect(newer.error).toBeNull();
    expect(newer.data.properties!.verification_type).toBe('magiclink');
    expect(newer.data.user!.id).toBe(first.data.user!.id);

    const stale = await t.client().auth.verifyOtp({
      token_hash: older.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const fresh = await t.client().auth.verifyOtp({
      token_hash: newer.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(fresh.error).toBeNull();
    expect(fresh.data.user!.id).toBe(first.data.user!.id);
  });

  it('answers a recovery link only for a known address', async () => {
    const { error } = await admin().auth.admin.generateLink({
      type: 'recovery',
      email: uniqueEmail('nobody'),
    });
    expect(error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('is for the secret key alone', async () => {
    const email = uniqueEmail('refused');
    const asVisitor = createClient(t.server.url, t.server.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { error } = await asVisitor.auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });

    const unsigned = await fetch(`${t.server.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { apikey: t.server.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'magiclink', email }),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ error_code: 'no_authorization' });
  });

  it('refuses a type it does not serve and an address that is not one', async () => {
    const client = admin();
    const { error: typeError } = await client.auth.admin.generateLink({
      type: 'invite',
      email: uniqueEmail('invited'),
    });
    expect(typeError).toMatchObject({ status: 400, code: 'validation_failed' });
    const { error: emailError } = await client.auth.admin.generateLink({
      type: 'magiclink',
      email: 'not an address',
    });
    expect(emailError).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
