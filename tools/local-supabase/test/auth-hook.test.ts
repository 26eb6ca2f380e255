import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_DEFAULTS, readAuthSettings } from '../src/auth/auth-config.ts';
import { parseGoDuration, readProjectConfig } from '../src/config/project-config.ts';
import { startLocalSupabase } from '../src/index.ts';
import { outboxMail } from '../src/testing/queued-mail.ts';
import { signInWithCode } from '../src/testing/sign-in-with-code.ts';
import { uniqueEmail } from '../src/testing/test-server.ts';
import { startHookServer, type HookServer } from './test-support/auth-hook-server.ts';
import {
  AUTH_PROJECT,
  PROJECT_CODES,
  startAuthServer,
  type AuthTestServer,
} from './test-support/auth-server.ts';

// The Send Email Hook: signed per Standard Webhooks, its failures reported as Supabase Auth reports
// them; by default the function config.toml names, behind this server's gateway; without a hook, Auth's
// own mail in the outbox. And the config.toml settings Auth reads.
const V2024 = { 'X-Supabase-Api-Version': '2024-01-01' };

describe('a hook that fails', () => {
  let hook: HookServer;
  let t: AuthTestServer;
  beforeAll(async () => {
    hook = await startHookServer();
    t = await startAuthServer({ hook });
  });
  afterAll(async () => {
    await t.stop();
    await hook.close();
  });

  const requestCode = async (email: string, answer: (res: ServerResponse) => void) => {
    hook.answerWith((_call, res) => answer(res));
    const response = await fetch(`${t.server.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: t.server.publishableKey, 'Content-Type': 'application/json', ...V2024 },
      body: JSON.stringify({ email }),
    });
    return { status: response.status, body: await response.json() };
  };
  const json = (status: number, body: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  it.each([
    [
      'an error object with a status',
      json(200, { error: { http_code: 429, message: 'Slow down' } }),
      429,
      { code: 'unknown', message: 'Slow down' },
    ],
    [
      'an error object without one',
      json(200, { error: { message: 'The provider is down' } }),
      500,
      { code: 'unexpected_failure', message: 'The provider is down' },
    ],
    [
      'HTTP 500',
      json(500, {}),
      500,
      { code: 'unexpected_failure', message: 'Unexpected status code returned from hook: 500' },
    ],
    [
      'HTTP 401',
      json(401, { error: { http_code: 401, message: 'Invalid signature' } }),
      500,
      { code: 'unexpected_failure', message: 'Hook requires authorization token' },
    ],
    [
      'text',
      (res: ServerResponse) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('ok');
      },
      400,
      {
        code: 'hook_payload_invalid_content_type',
        message: 'Invalid JSON response. Received content-type: text/plain',
      },
    ],
  ])('with %s fails the request as Auth does', async (_label, answer, status, body) => {
    const email = uniqueEmail('fails');
    expect(await requestCode(email, answer)).toEqual({ status, body });
    // Nothing was sent: the address may ask again at once, and that code works.
    expect((await requestCode(email, json(204, {}))).status).toBe(200);
    const verified = await t
      .client()
      .auth.verifyOtp({ email, token: hook.codeFor(email), type: 'email' });
    expect(verified.error).toBeNull();
  });

  it('that cannot be reached is hook_timeout_after_retry', async () => {
    const gone = await startHookServer();
    await gone.close();
    const unreachable = await startAuthServer({ hook: gone });
    try {
      const response = await fetch(`${unreachable.server.url}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: unreachable.server.publishableKey, ...V2024 },
        body: JSON.stringify({ email: uniqueEmail('unreachable') }),
      });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 422,
        body: {
          code: 'hook_timeout_after_retry',
          message: 'Failed to reach hook after maximum retries',
        },
      });
    } finally {
      await unreachable.stop();
    }
  });

  it('that does not answer within 5 seconds is hook_timeout', async () => {
    const email = uniqueEmail('slow');
    const started = Date.now();
    expect(await requestCode(email, () => undefined)).toEqual({
      status: 422,
      body: {
        code: 'hook_timeout',
        message: 'Failed to reach hook within maximum time of 5.000000 seconds',
      },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
  });

  it('is told where mail links may lead', async () => {
    hook.answerWith((_call, res) => json(200, {})(res));
    const redirected = async (emailRedirectTo: string) => {
      const email = uniqueEmail('redirect');
      expect(
        (await t.client().auth.signInWithOtp({ email, options: { emailRedirectTo } })).error,
      ).toBeNull();
      return hook.calls.at(-1)!.payload.email_data.redirect_to;
    };
    expect(await redirected('https://console.example.test/welcome')).toBe(
      'https://console.example.test/welcome',
    );
    expect(await redirected('http://localhost:4300/console')).toBe('http://localhost:4300/console');
    expect(await redirected('https://evil.example/')).toBe('http://localhost:4200');
  });
});

describe('the hook of config.toml', () => {
  it('is its function behind the gateway, holding SEND_EMAIL_HOOK_SECRET; signInWithCode reads the mail', async () => {
    const t = await startAuthServer();
    try {
      const email = uniqueEmail('gateway');
      const { client, session, user } = await signInWithCode(t.server, email);
      expect(user.email).toBe(email);
      expect(session.access_token.split('.')).toHaveLength(3);
      expect((await client.rpc('whoami')).data).toMatchObject({ uid: user.id });

      const outbox = await outboxMail({ url: t.server.url });
      expect(outbox.find((message) => message.to === email)).toMatchObject({
        subject: 'Your sign-in code',
        text: expect.stringMatching(
          new RegExp(`^Your code: \\d{${PROJECT_CODES.otpLength}} \\(signup\\)$`),
        ),
      });
      expect(t.server.functions()).toEqual([{ name: 'send-auth-email', pid: expect.any(Number) }]);
    } finally {
      await t.stop();
    }
  });

  it('when absent leaves the mail to Auth, into the outbox', async () => {
    const supabaseDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-nohook-'));
    await writeFile(path.join(supabaseDir, 'config.toml'), '[auth]\nenabled = true\n');
    const t = await startAuthServer({ supabaseDir });
    try {
      const email = uniqueEmail('builtin');
      const { user } = await signInWithCode(t.server, email);
      expect(user.email).toBe(email);
      const outbox = await outboxMail({ url: t.server.url });
      expect(outbox.find((message) => message.to === email)?.subject).toBe('Confirm Your Signup');
    } finally {
      await t.stop();
      await rm(supabaseDir, { recursive: true, force: true });
    }
  });
});

describe('config.toml', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-authconfig-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  const settings = async (toml: string) => {
    await writeFile(path.join(dir, 'config.toml'), toml);
    return readAuthSettings(readProjectConfig(dir));
  };

  it('gives the project’s defaults where it is silent', async () => {
    expect(await settings('project_id = "x"\n')).toEqual(AUTH_DEFAULTS);
  });

  it('is read for the keys Auth uses', async () => {
    expect(
      await settings(`
[auth]
jwt_expiry = 1800 # half an hour
enable_signup = false
additional_redirect_urls = ["https://a.example/x", 'https://b.example/#y']
refresh_token_reuse_interval = 5

[auth.rate_limit]
email_sent = 10
token_verifications = 12

[auth.email]
enable_confirmations = false
otp_length = 8
otp_expiry = 300
max_frequency = "1m30s"

[auth.hook.send_email]
enabled = true
uri = "https://project.supabase.co/functions/v1/send-auth-email"
secrets = "env(SEND_EMAIL_HOOK_SECRET)"
`),
    ).toEqual({
      ...AUTH_DEFAULTS,
      jwtExpirySeconds: 1800,
      signupEnabled: false,
      additionalRedirectUrls: ['https://a.example/x', 'https://b.example/#y'],
      refreshTokenReuseIntervalSeconds: 5,
      rateLimits: { ...AUTH_DEFAULTS.rateLimits, emailSent: 10, tokenVerifications: 12 },
      email: {
        ...AUTH_DEFAULTS.email,
        confirmations: false,
        otpLength: 8,
        otpExpirySeconds: 300,
        maxFrequencySeconds: 90,
      },
      sendEmailHook: {
        uri: 'https://project.supabase.co/functions/v1/send-auth-email',
        functionName: 'send-auth-email',
      },
    });
  });

  it.each([
    [
      '[auth.email]\notp_length = 4\n',
      /\[auth\.email\] otp_length must be a whole number from 6 to 10/,
    ],
    ['[auth.email]\nmax_frequency = 60\n', /max_frequency must be a duration/],
    ['[auth]\nenable_signup = "yes"\n', /enable_signup must be true or false/],
    [
      '[auth.hook.send_email]\nenabled = true\nuri = "pg-functions://postgres/public/hook"\n',
      /names no edge function/,
    ],
  ])('refuses %j', async (toml, message) => {
    await expect(settings(toml)).rejects.toThrow(message);
  });

  it('stops the server at start when it cannot be used', async () => {
    await writeFile(path.join(dir, 'config.toml'), '[auth.email]\notp_expiry = -1\n');
    await expect(
      startLocalSupabase({
        port: 0,
        dataDir: dir,
        inMemory: true,
        supabaseDir: dir,
        migrationsDir: path.join(AUTH_PROJECT, 'migrations'),
      }),
    ).rejects.toThrow(/otp_expiry must be a whole number from 1 to 86400/);
  });

  it.each([
    ['60s', 60],
    ['1m', 60],
    ['1h30m', 5400],
    ['500ms', 0.5],
    ['0', 0],
    ['60', undefined],
    ['1d', undefined],
    ['s', undefined],
  ])('reads the duration %j', (text, seconds) => {
    expect(parseGoDuration(text)).toBe(seconds);
  });
});
