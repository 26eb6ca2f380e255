import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../src/db/open.ts';
import { startLocalSupabase } from '../src/index.ts';
import { SIGNING_KEYS_FILE } from '../src/keys/signing-key.ts';
import { uniqueEmail } from '../src/testing/test-server.ts';
import { startHookServer, type HookServer } from './test-support/auth-hook-server.ts';
import {
  AUTH_PROJECT,
  decodeJwt,
  movableClock,
  startAuthServer,
  type AuthTestServer,
} from './test-support/auth-server.ts';

// Sessions: refresh token rotation and reuse, sign-out scopes, and the signing key that makes a data
// dir's sessions outlive a restart. One in-memory server with a clock the tests move serves every test
// but those of the signing key on disk (each test signs in addresses of its own).
let hook: HookServer;
const clock = movableClock();
let t: AuthTestServer;
beforeAll(async () => {
  hook = await startHookServer();
  t = await startAuthServer({ hook, auth: { now: clock.now } });
});
afterAll(async () => {
  await t.stop();
  await hook.close();
});

const API_VERSION = { 'X-Supabase-Api-Version': '2024-01-01' };

async function signIn(t: AuthTestServer, email: string) {
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

function refresh(t: AuthTestServer, refreshToken: string) {
  return fetch(`${t.server.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: t.server.publishableKey,
      'Content-Type': 'application/json',
      ...API_VERSION,
    },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

async function refreshed(t: AuthTestServer, refreshToken: string): Promise<string> {
  const response = await refresh(t, refreshToken);
  const body = (await response.json()) as { refresh_token: string };
  expect(response.status).toBe(200);
  return body.refresh_token;
}

describe('refresh tokens', () => {
  it('are used once, each refresh giving the next', async () => {
    const { session } = await signIn(t, uniqueEmail('rotate'));
    const second = await refreshed(t, session.refresh_token);
    const third = await refreshed(t, second);
    expect(new Set([session.refresh_token, second, third]).size).toBe(3);

    // The parent of the current token: its answer was lost, so it gets a new one in its place.
    const retried = await refreshed(t, second);
    expect(retried).not.toBe(third);
    expect(await refreshed(t, retried)).toMatch(/^[a-z0-9]{12}$/);
  });

  it('may be reused within 10 seconds (tabs refreshing at once), and later ends the session', async () => {
    const { session } = await signIn(t, uniqueEmail('reuse'));
    const first = session.refresh_token;
    const second = await refreshed(t, first);
    const third = await refreshed(t, second);

    clock.advance(5_000);
    const sibling = await refreshed(t, first);
    expect(sibling).not.toBe(third);

    // `first` is the parent of the newest token now, which a lost answer explains; `second` is not.
    clock.advance(6_000);
    const late = await refresh(t, second);
    expect(late.status).toBe(400);
    expect(late.headers.get('x-sb-error-code')).toBe('refresh_token_already_used');
    expect(await late.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    for (const token of [third, sibling]) {
      expect(await (await refresh(t, token)).json()).toMatchObject({
        code: 'refresh_token_not_found',
      });
    }
    const user = await fetch(`${t.server.url}/auth/v1/user`, {
      headers: {
        apikey: t.server.publishableKey,
        Authorization: `Bearer ${session.access_token}`,
        ...API_VERSION,
      },
    });
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('of another shape or unknown are refused as Supabase Auth refuses them', async () => {
    for (const [token, code] of [
      ['', 'validation_failed'],
      ['short', 'validation_failed'],
      ['ABCDEFGHIJKL', 'validation_failed'],
      ['a'.repeat(64), 'validation_failed'],
      ['abcdefghijkl', 'refresh_token_not_found'],
    ]) {
      const response = await refresh(t, token);
      expect({ token, status: response.status, body: await response.json() }).toMatchObject({
        token,
        status: 400,
        body: { code },
      });
    }
  });
});

describe('sign-out', () => {
  async function threeSessions() {
    const email = uniqueEmail('devices');
    const sessions = [];
    for (let i = 0; i < 3; i += 1) {
      sessions.push(await signIn(t, email));
      clock.advance(61_000);
    }
    return sessions;
  }

  const stillRefreshes = async (refreshToken: string) =>
    (await refresh(t, refreshToken)).status === 200;

  it('with scope others ends every session but this one, local this one, global all', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await stillRefreshes(b.session.refresh_token)).toBe(false);
    expect(await stillRefreshes(c.session.refresh_token)).toBe(false);
    const { data } = await a.client.auth.refreshSession();
    expect(data.session).not.toBeNull();

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await stillRefreshes(data.session!.refresh_token)).toBe(false);

    const [d, e] = await threeSessions();
    expect((await d.client.auth.signOut()).error).toBeNull();
    expect(await stillRefreshes(e.session.refresh_token)).toBe(false);
  });

  it('answers 204, and refuses an unknown scope', async () => {
    const { session } = await signIn(t, uniqueEmail('scope'));
    const logout = (scope: string) =>
      fetch(`${t.server.url}/auth/v1/logout?scope=${scope}`, {
        method: 'POST',
        headers: {
          apikey: t.server.publishableKey,
          Authorization: `Bearer ${session.access_token}`,
          ...API_VERSION,
        },
      });
    const odd = await logout('everywhere');
    expect(odd.status).toBe(400);
    expect(await odd.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everywhere"',
    });
    const done = await logout('local');
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
    expect((await logout('local')).status).toBe(403);
  });
});

describe('the signing key', () => {
  it('lives in the data dir (owner-only), so sessions outlive a restart', async () => {
    const first = await startAuthServer({ hook, onDisk: true });
    const email = uniqueEmail('restart');
    const { session } = await signIn(first, email);
    const kid = decodeJwt(session.access_token).header.kid;
    const code = hook.codeFor(email);
    const tokenHash = hook.calls.at(-1)!.payload.email_data.token_hash;
    await first.stop(true);

    // The database keeps digests only: neither the code, its token hash nor the refresh token.
    const database = await openDatabase({ pgliteDir: path.join(first.dataDir, 'pgdata') });
    const stored = await database.transaction(async (db) => [
      ...(await db.query('select * from auth.users')).rows,
      ...(await db.query('select * from auth.refresh_tokens')).rows,
    ]);
    await database.close();
    expect(stored.length).toBe(2);
    const text = JSON.stringify(stored);
    for (const secret of [code, tokenHash, session.refresh_token])
      expect(text).not.toContain(secret);

    const file = path.join(first.dataDir, SIGNING_KEYS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const [jwk] = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    expect(jwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      kid,
      d: expect.any(String),
    });
    await chmod(file, 0o644);

    const again = await startAuthServer({ hook, onDisk: true, dataDir: first.dataDir });
    try {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const { keys } = (await (
        await fetch(`${again.server.url}/auth/v1/.well-known/jwks.json`)
      ).json()) as { keys: { kid: string }[] };
      expect(keys.map((key) => key.kid)).toEqual([kid]);
      const user = await again.client().auth.getUser(session.access_token);
      expect(user.data.user?.email).toBe(session.user.email);
      expect(await refreshed(again, session.refresh_token)).toMatch(/^[a-z0-9]{12}$/);
    } finally {
      await again.stop(true);
    }

    await writeFile(file, '[{"kty":"RSA"}]');
    await expect(
      startLocalSupabase({
        port: 0,
        dataDir: first.dataDir,
        supabaseDir: AUTH_PROJECT,
        migrationsDir: path.join(AUTH_PROJECT, 'migrations'),
      }),
    ).rejects.toThrow(/holds no ES256 \(P-256\) private key/);
    await first.stop();
  });

  it('is never written for an in-memory server, and differs per server', async () => {
    const a = t;
    const b = await startAuthServer({ hook });
    try {
      await expect(stat(path.join(a.dataDir, SIGNING_KEYS_FILE))).rejects.toMatchObject({
        code: 'ENOENT',
      });
      const { session } = await signIn(a, uniqueEmail('elsewhere'));
      const kidOf = async (s: AuthTestServer) =>
        (
          (await (await fetch(`${s.server.url}/auth/v1/.well-known/jwks.json`)).json()) as {
            keys: { kid: string }[];
          }
        ).keys[0].kid;
      expect(await kidOf(a)).not.toBe(await kidOf(b));
      const foreign = await b.client().auth.getUser(session.access_token);
      expect(foreign.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    } finally {
      await b.stop();
    }
  });
});
