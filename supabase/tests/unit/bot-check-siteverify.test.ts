import {
  SITEVERIFY_ANSWER_MAX_BYTES,
  SITEVERIFY_URL,
  verifyBotCheck,
  type BotCheckRequest,
  type SiteverifyOptions,
} from '../../functions/_shared/bot-check/siteverify.ts';
import {
  BOT_CHECK_ACTION_PATTERN,
  BOT_CHECK_TOKEN_MAX_LENGTH,
  botCheckAction,
  isTurnstileTestingSecret,
  turnstileScriptUrl,
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SECRETS,
} from '../../functions/_shared/rules/bot-check.ts';
import { MAIL_LISTS } from '../../functions/_shared/rules/mail-lists.ts';

// The siteverify call with a fake fetch standing for Cloudflare: what is sent, and what each answer,
// honest or hostile, comes out as. Against the local stand-in over HTTP:
// tools/local-supabase/test/turnstile.test.ts.

const SECRET = '0x4AAAAAAAsecret-of-production';
const TOKEN = '0.real-looking-token';
const request: BotCheckRequest = {
  secret: SECRET,
  token: TOKEN,
  hostnames: ['agentora.ai', 'www.agentora.ai'],
  action: 'waitlist',
  remoteIp: '203.0.113.7',
};
const PASS = {
  success: true,
  'error-codes': [],
  challenge_ts: '2026-11-25T12:00:00.000Z',
  hostname: 'agentora.ai',
  action: 'waitlist',
  cdata: '',
};

type Answer = Response | ((init: RequestInit) => Promise<Response>);

/** A fetch that answers each call with the next of `answers` (the last one again once they run out). */
function fakeFetch(...answers: Answer[]) {
  const calls: Array<{ url: string; init: RequestInit; body: Record<string, unknown> }> = [];
  const impl = (async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init, body: JSON.parse(String(init.body)) });
    const answer = answers[Math.min(calls.length, answers.length) - 1]!;
    return typeof answer === 'function' ? answer(init) : answer.clone();
  }) as typeof fetch;
  return { impl, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** Like fetch with no answer: rejects only when its signal aborts. */
const never = (init: RequestInit) =>
  new Promise<Response>((_, reject) =>
    init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
  );

async function check(
  answers: Answer[],
  overrides: Partial<BotCheckRequest> = {},
  options: SiteverifyOptions = {},
) {
  const fetch = fakeFetch(...answers);
  const result = await verifyBotCheck(
    { ...request, ...overrides },
    { fetch: fetch.impl, timeoutMs: 50, idempotencyKey: () => 'key-1', ...options },
  );
  return { result, calls: fetch.calls };
}

describe('verifyBotCheck', () => {
  it('posts the secret, the token, the address and one idempotency key as JSON to Cloudflare, and passes', async () => {
    const { result, calls } = await check([json(PASS)]);
    expect(result).toEqual({ outcome: 'passed', testing: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(calls[0]!.url).toBe(SITEVERIFY_URL);
    expect(calls[0]!.init).toMatchObject({ method: 'POST', redirect: 'error' });
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({
      secret: SECRET,
      response: TOKEN,
      remoteip: '203.0.113.7',
      idempotency_key: 'key-1',
    });
  });

  it('sends no remoteip when the gateway named no address, and goes to the URL it is given', async () => {
    const { result, calls } = await check(
      [json(PASS)],
      { remoteIp: null },
      {
        url: 'http://127.0.0.1:54321/turnstile/v0/siteverify',
      },
    );
    expect(result.outcome).toBe('passed');
    expect(calls[0]!.url).toBe('http://127.0.0.1:54321/turnstile/v0/siteverify');
    expect(calls[0]!.body).not.toHaveProperty('remoteip');
  });

  it('makes a fresh idempotency key for each verification', async () => {
    const fetch = fakeFetch(json(PASS));
    await verifyBotCheck(request, { fetch: fetch.impl });
    await verifyBotCheck(request, { fetch: fetch.impl });
    const [first, second] = fetch.calls.map((call) => call.body.idempotency_key as string);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });

  it.each([
    ['no token', undefined, 'missing'],
    ['a null token', null, 'missing'],
    ['an empty token', '', 'missing'],
    ['a number', 42, 'invalid'],
    ['an object', { token: TOKEN }, 'invalid'],
    ['an array', [TOKEN], 'invalid'],
    ['a token over 2048 characters', 'x'.repeat(BOT_CHECK_TOKEN_MAX_LENGTH + 1), 'invalid'],
    ['a megabyte', 'x'.repeat(1024 * 1024), 'invalid'],
  ])('refuses %s before any request', async (_case, token, reason) => {
    const { result, calls } = await check([json(PASS)], { token });
    expect(result).toMatchObject({ outcome: 'refused', reason });
    expect(calls).toHaveLength(0);
  });

  it('sends a token of exactly 2048 characters', async () => {
    const token = 'x'.repeat(BOT_CHECK_TOKEN_MAX_LENGTH);
    const { result, calls } = await check([json(PASS)], { token });
    expect(result.outcome).toBe('passed');
    expect(calls[0]!.body.response).toBe(token);
  });

  it.each([
    ['no secret', { secret: '' }],
    ['a testing secret where none is allowed', { secret: TURNSTILE_TESTING_SECRETS.passes }],
    ['an empty action', { action: '' }],
    ['an action of 33 characters', { action: 'a'.repeat(33) }],
    ['an action with a space', { action: 'wait list' }],
    ['no hostname', { hostnames: [] }],
    ['only an empty hostname', { hostnames: [''] }],
  ])('answers unavailable (misconfigured) for %s, before any request', async (_case, overrides) => {
    const { result, calls } = await check([json(PASS)], overrides);
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'misconfigured' });
    expect(calls).toHaveLength(0);
  });

  it.each([
    [['invalid-input-response'], 200, 'refused', 'invalid'],
    [['invalid-input-response'], 400, 'refused', 'invalid'],
    [['timeout-or-duplicate'], 200, 'refused', 'spent'],
    [['some-new-code'], 200, 'refused', 'invalid'],
    [[], 200, 'refused', 'invalid'],
    [['missing-input-secret'], 200, 'unavailable', 'misconfigured'],
    [['invalid-input-secret'], 401, 'unavailable', 'misconfigured'],
    [['missing-input-response'], 200, 'unavailable', 'misconfigured'],
    [['bad-request'], 400, 'unavailable', 'misconfigured'],
    [['invalid-input-secret', 'invalid-input-response'], 200, 'unavailable', 'misconfigured'],
  ])(
    'reads error codes %j (HTTP %i) as %s: %s, asking once',
    async (codes, status, outcome, reason) => {
      const { result, calls } = await check([
        json({ success: false, 'error-codes': codes }, status),
      ]);
      expect(result).toMatchObject({ outcome, reason });
      expect(calls).toHaveLength(1);
    },
  );

  it("tries Cloudflare's internal-error once more under the same idempotency key", async () => {
    const failed = json({ success: false, 'error-codes': ['internal-error'] });
    const { result, calls } = await check([failed, json(PASS)]);
    expect(result).toEqual({ outcome: 'passed', testing: false });
    expect(calls.map((call) => call.body.idempotency_key)).toEqual(['key-1', 'key-1']);

    const twice = await check([failed]);
    expect(twice.result).toMatchObject({ outcome: 'unavailable', reason: 'internal-error' });
    expect(twice.calls).toHaveLength(2);
  });

  it('refuses a pass solved on another site, in any answer that names no hostname of ours', async () => {
    for (const hostname of [
      'evil.example',
      'agentora.ai.evil.example',
      '',
      undefined,
      ['agentora.ai'],
    ]) {
      const { result } = await check([json({ ...PASS, hostname })]);
      expect(result).toMatchObject({ outcome: 'refused', reason: 'wrong-hostname' });
    }
    const { result } = await check([json({ ...PASS, hostname: 'WWW.Agentora.AI' })]);
    expect(result.outcome).toBe('passed');
  });

  it("refuses a pass solved for another form's action, or for none", async () => {
    for (const action of ['early_access', 'Waitlist', '', undefined, 7]) {
      const { result } = await check([json({ ...PASS, action })]);
      expect(result).toMatchObject({ outcome: 'refused', reason: 'wrong-action' });
    }
  });

  it.each([
    ['success as a string', json({ ...PASS, success: 'true' })],
    ['no success', json({ hostname: 'agentora.ai', action: 'waitlist' })],
    ['a JSON array', json([PASS])],
    ['JSON null', json(null)],
    ['HTML', new Response('<html>ok</html>', { status: 200 })],
    ['an empty body', new Response(null, { status: 200 })],
  ])('answers unavailable (malformed) for %s at HTTP 200, asking once', async (_case, answer) => {
    const { result, calls } = await check([answer]);
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'malformed' });
    expect(calls).toHaveLength(1);
  });

  it('never takes a pass from an answer that is not 200', async () => {
    const { result, calls } = await check([json(PASS, 500)]);
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'http-status' });
    expect(calls).toHaveLength(2);
  });

  it('answers unavailable (http-status) for a gateway error page, after asking twice', async () => {
    const { result, calls } = await check([new Response('Bad gateway', { status: 502 })]);
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'http-status' });
    expect(calls).toHaveLength(2);
  });

  it('refuses an answer larger than siteverify ever sends, declared or not', async () => {
    const huge = `{"success":true,"pad":"${'x'.repeat(SITEVERIFY_ANSWER_MAX_BYTES)}"}`;
    for (const headers of [{ 'Content-Length': String(huge.length) }, {}] as HeadersInit[]) {
      const { result, calls } = await check([new Response(huge, { status: 200, headers })]);
      expect(result).toMatchObject({ outcome: 'unavailable', reason: 'malformed' });
      expect(calls).toHaveLength(1);
    }
  });

  it('stops reading an endless answer once it passes the bound', async () => {
    let pulled = 0;
    const endless = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled += 1;
              controller.enqueue(new Uint8Array(4096).fill(32));
            },
          }),
          { status: 200 },
        ),
      );
    const { result, calls } = await check([endless]);
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'malformed' });
    expect(calls).toHaveLength(1);
    const bound = Math.ceil(SITEVERIFY_ANSWER_MAX_BYTES / 4096) + 2;
    expect(pulled).toBeLessThanOrEqual(bound);
    // Nothing more is pulled after the verdict.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBeLessThanOrEqual(bound);
  });

  it('gives up on a siteverify that does not answer, within its time, twice', async () => {
    const started = Date.now();
    const { result, calls } = await check([never], {}, { timeoutMs: 40 });
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'timeout' });
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.init.signal?.aborted)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on an answer whose body stops coming', async () => {
    const stalled = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"success":tr'));
            },
          }),
          { status: 200 },
        ),
      );
    const { result } = await check([stalled], {}, { attempts: 1 });
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'timeout' });
  });

  it('passes when the second try answers after the first timed out', async () => {
    const { result, calls } = await check([never, json(PASS)]);
    expect(result).toEqual({ outcome: 'passed', testing: false });
    expect(calls.map((call) => call.body.idempotency_key)).toEqual(['key-1', 'key-1']);
  });

  it('answers unavailable (unreachable) when the request fails, after trying twice', async () => {
    const down = () => Promise.reject(new TypeError('connection refused'));
    const { result, calls } = await check([down]);
    expect(result).toMatchObject({ outcome: 'unavailable', reason: 'unreachable' });
    expect(result).toHaveProperty('detail', expect.stringContaining('connection refused'));
    expect(calls).toHaveLength(2);
  });

  it('takes a testing secret only where allowed, without pinning the hostname or action it cannot name', async () => {
    const dummyPass = json({
      success: true,
      'error-codes': [],
      hostname: 'example.com',
      metadata: { result_with_testing_key: true },
    });
    const { result } = await check(
      [dummyPass],
      { secret: TURNSTILE_TESTING_SECRETS.passes, token: TURNSTILE_DUMMY_TOKEN, hostnames: [] },
      { allowTestingSecrets: true },
    );
    expect(result).toEqual({ outcome: 'passed', testing: true });

    const spent = await check(
      [json({ success: false, 'error-codes': ['timeout-or-duplicate'] })],
      { secret: TURNSTILE_TESTING_SECRETS.spent, token: TURNSTILE_DUMMY_TOKEN },
      { allowTestingSecrets: true },
    );
    expect(spent.result).toMatchObject({ outcome: 'refused', reason: 'spent' });
  });

  it('never puts the secret or the token in its details', async () => {
    const answers = [
      json({ success: false, 'error-codes': ['invalid-input-secret'] }),
      json({ ...PASS, hostname: 'evil.example' }),
      json({ ...PASS, action: 'early_access' }),
      new Response('nope', { status: 500 }),
    ];
    for (const answer of answers) {
      const { result } = await check([answer]);
      expect('detail' in result).toBe(true);
      const { detail } = result as { detail: string };
      expect(detail).not.toContain(TOKEN);
      expect(detail).not.toContain(SECRET);
    }
  });
});

describe('the bot check rules', () => {
  it('gives every list an action Cloudflare takes, each its own', () => {
    const actions = MAIL_LISTS.map(botCheckAction);
    expect(actions.every((action) => BOT_CHECK_ACTION_PATTERN.test(action))).toBe(true);
    expect(new Set(actions).size).toBe(MAIL_LISTS.length);
  });

  it("names Cloudflare's script for explicit rendering, or a stand-in's at the same path", () => {
    expect(turnstileScriptUrl()).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(turnstileScriptUrl('http://localhost:54321')).toBe(
      'http://localhost:54321/turnstile/v0/api.js?render=explicit',
    );
  });

  it('knows the three testing secrets and nothing like them', () => {
    expect(Object.values(TURNSTILE_TESTING_SECRETS).every(isTurnstileTestingSecret)).toBe(true);
    expect(isTurnstileTestingSecret('1x0000000000000000000000000000000AB')).toBe(false);
    expect(isTurnstileTestingSecret('')).toBe(false);
  });
});
