import type { BotCheck } from '../../functions/_shared/bot-check/verdict.ts';
import type { ThankYouLedger } from '../../functions/_shared/thank-you/ledger.ts';
import { createSignUpHandler } from '../../functions/sign-up/handler.ts';
import type { SignUp } from '../../functions/sign-up/signup-request.ts';
import type { SignupStore, StoreOutcome } from '../../functions/sign-up/signup-store.ts';

// The sign-up function's own rules — the order of its steps, what each refusal answers, that nothing is
// stored or counted before the bot check passes — with the store, the ledger and siteverify standing in.
// The real database and function run in sign-up.test.ts.

const linkSecret = 'a-test-secret-of-at-least-32-characters';
const quiet = () => undefined;
const TOKEN = 'a-token-from-the-widget';

interface Calls {
  checks: Array<{ token: unknown; action: string; remoteIp: string | null }>;
  stored: Array<{ signUp: SignUp; clientAddress: string | null }>;
  again: Array<{ type: string; email: string }>;
  after: number;
}

function setUp(options: { check?: BotCheck; outcome?: StoreOutcome; againQueued?: boolean } = {}) {
  const calls: Calls = { checks: [], stored: [], again: [], after: 0 };
  const signups: SignupStore = {
    async signUp(signUp, clientAddress) {
      calls.stored.push({ signUp, clientAddress });
      return options.outcome ?? { status: 'stored', emailSent: true };
    },
  };
  const ledger: ThankYouLedger = {
    queued: async () => null,
    async queueAgain(type, email) {
      calls.again.push({ type, email });
      return options.againQueued ?? true;
    },
  };
  const handler = createSignUpHandler({
    signups,
    ledger,
    linkSecret,
    logError: quiet,
    afterAnswer: () => {
      calls.after += 1;
    },
    async verifyBotCheck(token, action, remoteIp) {
      calls.checks.push({ token, action, remoteIp });
      return options.check ?? { outcome: 'passed', testing: false };
    },
  });
  return { handler, calls };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://functions.local/sign-up', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const earlyAccess = (extra: Record<string, unknown> = {}) => ({
  list: 'early_access',
  fields: { email: 'Ada@Example.com' },
  bot_check: TOKEN,
  ...extra,
});

describe('the sign-up function', () => {
  it('checks the token for the list’s action and the visitor’s address, then stores the checked row with it', async () => {
    const { handler, calls } = setUp();
    const response = await handler(
      post(
        earlyAccess({
          fields: { email: '  Ada@Example.com ' },
          source: { utm_source: 'launch-post', landing_path: '/' },
          referred_by: '0123456789abcdef',
        }),
      ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, list: 'early_access', emailSent: true });
    expect(calls.checks).toEqual([
      { token: TOKEN, action: 'early_access', remoteIp: '203.0.113.7' },
    ]);
    expect(calls.stored).toEqual([
      {
        signUp: {
          list: 'early_access',
          row: { email: 'Ada@Example.com' },
          source: { utm_source: 'launch-post', landing_path: '/' },
          referredBy: '0123456789abcdef',
        },
        clientAddress: '203.0.113.7',
      },
    ]);
    expect(calls.after).toBe(1);
  });

  it.each([
    ['no token', earlyAccess({ bot_check: undefined })],
    ['an empty token', earlyAccess({ bot_check: '' })],
    ['a token that is not a string', earlyAccess({ bot_check: { forged: true } })],
    ['a token longer than any token', earlyAccess({ bot_check: 'x'.repeat(2049) })],
  ])('asks the bot check about %s as no token at all, which it refuses', async (_name, body) => {
    const { handler, calls } = setUp({
      check: { outcome: 'refused', reason: 'missing', detail: 'no token was sent' },
    });
    const response = await handler(post(body));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, error: 'bot_check_failed' });
    expect(calls.checks).toHaveLength(1);
    expect(calls.checks[0].token).toBeNull();
    expect(calls.stored).toEqual([]);
  });

  it.each([
    ['forged', { outcome: 'refused', reason: 'invalid', detail: 'invalid-input-response' }],
    ['spent', { outcome: 'refused', reason: 'spent', detail: 'timeout-or-duplicate' }],
    ['made for another form', { outcome: 'refused', reason: 'wrong-action', detail: 'newsletter' }],
    [
      'solved on another site',
      { outcome: 'refused', reason: 'wrong-hostname', detail: 'evil.test' },
    ],
  ] as const)(
    'refuses a token the bot check calls %s with 403, storing and mailing nothing',
    async (_name, check) => {
      const { handler, calls } = setUp({ check });
      const response = await handler(post(earlyAccess()));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ success: false, error: 'bot_check_failed' });
      expect(calls.stored).toEqual([]);
      expect(calls.again).toEqual([]);
      expect(calls.after).toBe(0);
    },
  );

  it('fails closed with 503 when siteverify cannot say, storing nothing', async () => {
    const { handler, calls } = setUp({
      check: { outcome: 'unavailable', reason: 'timeout', detail: 'no answer in 4000 ms' },
    });
    const response = await handler(post(earlyAccess()));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false, error: 'bot_check_unavailable' });
    expect(calls.stored).toEqual([]);
  });

  it('checks the token before the fields: a bad form with no token is refused for the token', async () => {
    const { handler, calls } = setUp({
      check: { outcome: 'refused', reason: 'missing', detail: 'no token was sent' },
    });
    const response = await handler(post({ list: 'waitlist', fields: { email: 'not an address' } }));
    expect(response.status).toBe(403);
    expect(calls.stored).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', '{', 400],
    ['an array', '[]', 400],
    ['an unknown list', JSON.stringify({ list: 'career', fields: {}, bot_check: TOKEN }), 400],
    ['a body over 8 KiB', JSON.stringify(earlyAccess({ pad: 'x'.repeat(9000) })), 413],
  ])('refuses %s before asking the bot check', async (_name, body, status) => {
    const { handler, calls } = setUp();
    expect((await handler(post(body))).status).toBe(status);
    expect(calls.checks).toEqual([]);
    expect(calls.stored).toEqual([]);
  });

  it.each([
    ['an address that is not plain', { list: 'early_access', fields: { email: 'a@b' } }, ['email']],
    [
      'a missing required field',
      { list: 'waitlist', fields: { email: 'a@example.com' } },
      ['first_name', 'last_name', 'company'],
    ],
    [
      'an option not offered',
      {
        list: 'waitlist',
        fields: {
          first_name: 'A',
          last_name: 'B',
          email: 'a@example.com',
          company: 'C',
          company_size: '5',
        },
      },
      ['company_size'],
    ],
    [
      'a column the form does not have',
      { list: 'newsletter', fields: { email: 'a@example.com', confirmed_at: 'now' } },
      ['confirmed_at'],
    ],
    ['a value that is not text', { list: 'newsletter', fields: { email: 42 } }, ['email']],
  ])(
    'refuses %s with 400 naming the fields, after the bot check, storing nothing',
    async (_name, body, fields) => {
      const { handler, calls } = setUp();
      const response = await handler(post({ ...body, bot_check: TOKEN }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: 'invalid', fields });
      expect(calls.checks).toHaveLength(1);
      expect(calls.stored).toEqual([]);
    },
  );

  it('refuses an unknown key of the request', async () => {
    const { handler, calls } = setUp();
    const response = await handler(post(earlyAccess({ confirmed_at: 'now' })));
    expect(response.status).toBe(400);
    expect(calls.stored).toEqual([]);
  });

  it('keeps a sign-up whose source or referral code is of another shape, without them', async () => {
    const { handler, calls } = setUp();
    await handler(
      post(
        earlyAccess({
          source: { utm_source: 'Not A Tag!', referrer_host: 'news.example', extra: 'x' },
          referred_by: "' or 1=1 --",
        }),
      ),
    );
    expect(calls.stored[0].signUp).toMatchObject({
      source: { referrer_host: 'news.example' },
      referredBy: null,
    });
  });

  it('takes no referral code for the newsletter, which keeps no line', async () => {
    const { handler, calls } = setUp();
    await handler(
      post({
        list: 'newsletter',
        fields: { email: 'a@example.com' },
        referred_by: '0123456789abcdef',
        bot_check: TOKEN,
      }),
    );
    expect(calls.stored[0].signUp.referredBy).toBeNull();
  });

  it('answers a duplicate 409 whether or not a fresh confirmation was queued', async () => {
    for (const againQueued of [true, false]) {
      const { handler, calls } = setUp({ outcome: { status: 'duplicate' }, againQueued });
      const response = await handler(post(earlyAccess()));
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ success: false, error: 'duplicate' });
      expect(calls.again).toEqual([{ type: 'early_access', email: 'Ada@Example.com' }]);
      expect(calls.after).toBe(againQueued ? 1 : 0);
    }
  });

  it.each([
    [{ status: 'rate_limited' } as const, 429, 'rate_limited'],
    [{ status: 'invalid' } as const, 400, 'invalid'],
    [{ status: 'failed', reason: 'connection refused' } as const, 500, 'failed'],
  ])('answers the store’s %j with %i', async (outcome, status, error) => {
    const { handler } = setUp({ outcome });
    const response = await handler(post(earlyAccess()));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ success: false, error });
  });

  it('answers a sign-up stored but not mailed (a suppressed address) with emailSent false', async () => {
    const { handler, calls } = setUp({ outcome: { status: 'stored', emailSent: false } });
    const response = await handler(post(earlyAccess()));
    expect(await response.json()).toEqual({
      success: true,
      list: 'early_access',
      emailSent: false,
    });
    expect(calls.after).toBe(0);
  });

  it('takes POST only, and answers the CORS preflight supabase-js makes', async () => {
    const { handler } = setUp();
    const preflight = await handler(
      new Request('http://functions.local/sign-up', { method: 'OPTIONS' }),
    );
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const get = await handler(new Request('http://functions.local/sign-up'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
