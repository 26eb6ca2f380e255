import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SECRETS,
} from '@agentora/backend-rules/bot-check';
import { verifyBotCheck } from '@agentora/backend/bot-check/siteverify';
import { startLocalSupabase, type LocalSupabase } from '../src/index.ts';
import { SITEVERIFY_BODY_LIMIT } from '../src/turnstile/routes.ts';
import { TESTING_PASS } from '../src/turnstile/siteverify.ts';

// The bot check's stand-ins over HTTP: the widget script a page loads, siteverify as Cloudflare documents
// it for its testing secrets, the functions' check against it, and the environment that points the
// functions here. The script's behaviour in a page: turnstile-widget.test.ts.
const PROJECT = path.join(import.meta.dirname, 'fixtures', 'project');
let dataDir: string;
let server: LocalSupabase;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-turnstile-'));
  server = await startLocalSupabase({
    port: 0,
    dataDir,
    inMemory: true,
    supabaseDir: PROJECT,
    functionLog: () => undefined,
  });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const siteverifyUrl = () => `${server.url}/turnstile/v0/siteverify`;

function siteverify(fields: Record<string, unknown>, as: 'json' | 'form' | 'multipart' = 'json') {
  if (as === 'json') {
    return fetch(siteverifyUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fields),
    });
  }
  const entries = Object.entries(fields).map(([name, value]) => [name, String(value)]);
  const body = as === 'form' ? new URLSearchParams(entries) : new FormData();
  if (body instanceof FormData) for (const [name, value] of entries) body.append(name!, value!);
  return fetch(siteverifyUrl(), { method: 'POST', body });
}

describe('the widget script stand-in', () => {
  it("is served at Cloudflare's path as a script no one may sniff into something else", async () => {
    const answer = await fetch(`${server.url}/turnstile/v0/api.js?render=explicit`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const script = await answer.text();
    expect(script).toContain('installTurnstileStandIn');
    expect(script).toContain(TURNSTILE_DUMMY_TOKEN);
    expect(() => new Function(script)).not.toThrow();
    expect((await fetch(`${server.url}/turnstile/v0/api.js`, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers nothing else under /turnstile', async () => {
    const post = await fetch(`${server.url}/turnstile/v0/api.js`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(`${server.url}/turnstile/v0/other.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/turnstile`)).status).toBe(404);
  });
});

describe('the siteverify stand-in', () => {
  it.each(['json', 'form', 'multipart'] as const)(
    'passes the dummy token for the passing testing secret, as a %s body',
    async (as) => {
      const before = Date.now();
      const answer = await siteverify(
        {
          secret: TURNSTILE_TESTING_SECRETS.passes,
          response: TURNSTILE_DUMMY_TOKEN,
          remoteip: '203.0.113.7',
          idempotency_key: crypto.randomUUID(),
        },
        as,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await answer.json()) as Record<string, unknown>;
      expect(body).toEqual({
        success: true,
        challenge_ts: expect.any(String),
        'error-codes': [],
        ...TESTING_PASS,
        metadata: { result_with_testing_key: true },
      });
      expect(Date.parse(body.challenge_ts as string)).toBeGreaterThanOrEqual(before - 1000);
    },
  );

  it('passes the same dummy token again: the passing testing secret spends nothing', async () => {
    const fields = { secret: TURNSTILE_TESTING_SECRETS.passes, response: TURNSTILE_DUMMY_TOKEN };
    for (let i = 0; i < 3; i++) {
      expect(await (await siteverify(fields)).json()).toMatchObject({ success: true });
    }
  });

  it.each([
    [
      'the always-failing secret',
      TURNSTILE_TESTING_SECRETS.fails,
      TURNSTILE_DUMMY_TOKEN,
      'invalid-input-response',
    ],
    [
      'the spent secret',
      TURNSTILE_TESTING_SECRETS.spent,
      TURNSTILE_DUMMY_TOKEN,
      'timeout-or-duplicate',
    ],
    [
      'a real token to the passing secret',
      TURNSTILE_TESTING_SECRETS.passes,
      '0.real-token',
      'invalid-input-response',
    ],
    [
      'a real token to the spent secret',
      TURNSTILE_TESTING_SECRETS.spent,
      '0.real-token',
      'invalid-input-response',
    ],
    [
      'a token of 2049 characters',
      TURNSTILE_TESTING_SECRETS.passes,
      'X'.repeat(2049),
      'invalid-input-response',
    ],
    ['no token', TURNSTILE_TESTING_SECRETS.passes, undefined, 'missing-input-response'],
    ['an empty token', TURNSTILE_TESTING_SECRETS.passes, '', 'missing-input-response'],
  ])('refuses %s with its documented error code', async (_case, secret, response, code) => {
    const answer = await siteverify({ secret, response });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      success: false,
      'error-codes': [code],
      metadata: { result_with_testing_key: true },
    });
  });

  it.each([
    ['no secret', {}, 'missing-input-secret'],
    ['an empty secret', { secret: '' }, 'missing-input-secret'],
    ['a production secret', { secret: '0x4AAAAAAAnot-a-testing-one' }, 'invalid-input-secret'],
    ['a secret that is not a string', { secret: 1 }, 'invalid-input-secret'],
  ])('refuses %s: it knows only the testing secrets', async (_case, fields, code) => {
    const answer = await siteverify({ response: TURNSTILE_DUMMY_TOKEN, ...fields });
    expect(await answer.json()).toEqual({ success: false, 'error-codes': [code] });
  });

  it.each([
    ['broken JSON', 'application/json', '{"secret":'],
    ['a JSON array', 'application/json', '["secret"]'],
    ['plain text', 'text/plain', `secret=${TURNSTILE_TESTING_SECRETS.passes}`],
    ['no content type', undefined, '{}'],
  ])('answers bad-request for %s', async (_case, contentType, body) => {
    const answer = await fetch(siteverifyUrl(), {
      method: 'POST',
      headers: contentType ? { 'Content-Type': contentType } : {},
      body: contentType ? body : new Blob([body]),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: false, 'error-codes': ['bad-request'] });
  });

  it("takes only POST, a body within its limit, and nothing from another site's page", async () => {
    const get = await fetch(siteverifyUrl());
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const huge = await siteverify({
      secret: TURNSTILE_TESTING_SECRETS.passes,
      response: 'X'.repeat(SITEVERIFY_BODY_LIMIT),
    });
    expect(huge.status).toBe(413);
    const crossSite = await fetch(siteverifyUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({
        secret: TURNSTILE_TESTING_SECRETS.passes,
        response: TURNSTILE_DUMMY_TOKEN,
      }),
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("the functions' bot check against the stand-in", () => {
  const check = (secret: string, token: unknown, allowTestingSecrets = true) =>
    verifyBotCheck(
      { secret, token, hostnames: ['localhost'], action: 'waitlist', remoteIp: '127.0.0.1' },
      { url: siteverifyUrl(), allowTestingSecrets },
    );

  it('reads each testing secret as documented', async () => {
    expect(await check(TURNSTILE_TESTING_SECRETS.passes, TURNSTILE_DUMMY_TOKEN)).toEqual({
      outcome: 'passed',
      testing: true,
    });
    expect(await check(TURNSTILE_TESTING_SECRETS.fails, TURNSTILE_DUMMY_TOKEN)).toMatchObject({
      outcome: 'refused',
      reason: 'invalid',
    });
    expect(await check(TURNSTILE_TESTING_SECRETS.spent, TURNSTILE_DUMMY_TOKEN)).toMatchObject({
      outcome: 'refused',
      reason: 'spent',
    });
    expect(await check(TURNSTILE_TESTING_SECRETS.passes, '0.forged')).toMatchObject({
      outcome: 'refused',
      reason: 'invalid',
    });
  });

  it('fails closed for a secret siteverify does not know', async () => {
    expect(await check('0x4AAAAAAAnot-a-testing-one', TURNSTILE_DUMMY_TOKEN)).toMatchObject({
      outcome: 'unavailable',
      reason: 'misconfigured',
    });
  });
});

it('points every function at the stand-in, with the passing testing secret', async () => {
  const answer = await fetch(`${server.url}/functions/v1/echo`, { method: 'POST' });
  const { environment } = (await answer.json()) as { environment: Record<string, string | null> };
  expect(environment).toMatchObject({
    TURNSTILE_SECRET_KEY: TURNSTILE_TESTING_SECRETS.passes,
    TURNSTILE_SITEVERIFY_URL: siteverifyUrl(),
  });
});
