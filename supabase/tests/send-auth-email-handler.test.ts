import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPABASE_DIR } from '@agentora/local-supabase/testing';
import {
  createSendAuthEmailHandler,
  MAX_SLOT_WAIT_MS,
} from '../functions/send-auth-email/handler.ts';
import { SIGN_IN_CODE_EXPIRY_SECONDS } from '../functions/send-auth-email/sign-in-code-email.ts';
import {
  signWebhook,
  verifyWebhook,
  webhookKeys,
} from '../functions/send-auth-email/standard-webhooks.ts';
import type { Delivery, MailMessage, MailTransport } from '../functions/_shared/mail/types.ts';

// The Send Email Hook's function with fakes: the signature, the answers Auth reads, the mail, the pace.
// Through the local server (its Auth calling the hook) in send-auth-email.test.ts.

const SECRET = `v1,whsec_${Buffer.from('a test hook secret of 32 bytes!!').toString('base64')}`;
const OTHER_SECRET = `v1,whsec_${Buffer.from('another secret, 32 bytes long!!!').toString('base64')}`;
const [KEY] = webhookKeys(SECRET, 'test', 'SECRET');
const [OTHER_KEY] = webhookKeys(OTHER_SECRET, 'test', 'OTHER_SECRET');
const NOW_MS = 1_764_300_000_000;
const NOW_S = NOW_MS / 1000;

function payload(action = 'signup', token = '123456', email = 'ada@example.com') {
  return JSON.stringify({
    user: { id: '8484b834-f29e-4af2-bf42-80644d154f76', aud: 'authenticated', email },
    email_data: {
      token,
      token_hash: '7d5b7b1964cf5d388340a7f04f1dbb5eeb6c7b52ef8270e1737a58d0',
      redirect_to: '',
      email_action_type: action,
      site_url: 'http://localhost:4200',
      token_new: '',
      token_hash_new: '',
    },
  });
}

async function hookRequest(
  body: string,
  options: {
    id?: string;
    timestamp?: number;
    key?: Uint8Array<ArrayBuffer>;
    signature?: string;
  } = {},
): Promise<Request> {
  const id = options.id ?? 'a1b2c3d4-0000-4000-8000-000000000001';
  const timestamp = options.timestamp ?? NOW_S;
  const signature =
    options.signature ?? (await signWebhook(options.key ?? KEY, id, timestamp, body));
  return new Request('http://functions.local/send-auth-email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    },
    body,
  });
}

function setUp(
  options: {
    delivery?: Delivery;
    slot?: number | Error;
    keys?: Uint8Array<ArrayBuffer>[];
  } = {},
) {
  const sent: MailMessage[] = [];
  const slots: Array<[number, number]> = [];
  const sleeps: number[] = [];
  const errors: string[] = [];
  const transport: MailTransport = {
    deliver: async (message) => {
      sent.push(message);
      return options.delivery ?? { status: 'sent', id: 're_1' };
    },
  };
  const handler = createSendAuthEmailHandler({
    keys: options.keys ?? [KEY],
    transport,
    takeSendSlot: async (intervalMs, maxWaitMs) => {
      slots.push([intervalMs, maxWaitMs]);
      if (options.slot instanceof Error) throw options.slot;
      return options.slot ?? 0;
    },
    sendsPerSecond: 2,
    siteUrl: 'https://agentora.example',
    now: () => NOW_MS,
    sleep: async (ms) => void sleeps.push(ms),
    logError: (message, error) => errors.push(`${message}: ${String(error)}`),
  });
  return { handler, sent, slots, sleeps, errors };
}

async function answerOf(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('Standard Webhooks', () => {
  it("verifies the specification's own test vector", async () => {
    const [key] = webhookKeys('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'test', 'SECRET');
    const headers = new Headers({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
    expect(await verifyWebhook([key], headers, '{"test": 2432232314}', 1614265330)).toEqual({
      ok: true,
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    });
    expect(
      await signWebhook(key, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('reads the secret as Supabase shows it, several while one is rotated', () => {
    expect(webhookKeys(`${SECRET}|${OTHER_SECRET}`, 'f', 'V')).toEqual([KEY, OTHER_KEY]);
    expect(webhookKeys(SECRET.replace('v1,', ''), 'f', 'V')).toEqual([KEY]);
    for (const bad of [
      undefined,
      '',
      'v1,whsec_',
      'whsec_!!!',
      'plain-secret-without-prefix',
      `${SECRET}|nope`,
    ]) {
      expect(() => webhookKeys(bad, 'send-auth-email', 'SEND_EMAIL_HOOK_SECRET')).toThrow(
        'send-auth-email needs SEND_EMAIL_HOOK_SECRET',
      );
    }
  });
});

describe('send-auth-email handler', () => {
  it('mails the sign-in code at once, under the webhook id, and answers 200 {}', async () => {
    const { handler, sent, slots, sleeps } = setUp({ slot: 300 });
    const answer = await answerOf(await handler(await hookRequest(payload())));
    expect(answer).toEqual({ status: 200, body: {} });
    expect(slots).toEqual([[525, MAX_SLOT_WAIT_MS]]);
    expect(sleeps).toEqual([300]);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({
      from: 'Agentora <hello@agentora.ai>',
      to: 'ada@example.com',
      subject: 'Your Agentora console sign-in code',
      idempotencyKey: 'a1b2c3d4-0000-4000-8000-000000000001',
    });
    expect(mail.headers).toBeUndefined();
    expect(mail.text).toContain('Enter this code to sign in to the Agentora console:\n\n123456\n');
    expect(mail.text).toContain('The code works once, for 10 minutes.');
    expect(mail.text).toContain(
      "If you didn't ask to sign in to the Agentora console, ignore this email.",
    );
    expect(mail.html).toContain('<strong style="color:#ffffff">123456</strong>');
    expect(mail.html).toContain('https://agentora.example');
    // No link but the footer's: the code is typed where it was asked for.
    expect(mail.text).not.toContain('token_hash');
    expect(mail.text).not.toContain('7d5b7b19');
  });

  it.each(['magiclink', 'email'])('mails a code for %s too', async (action) => {
    const { handler, sent } = setUp();
    const answer = await answerOf(await handler(await hookRequest(payload(action, '0000009'))));
    expect(answer).toEqual({ status: 200, body: {} });
    expect(sent[0].text).toContain('0000009');
  });

  it.each([
    'recovery',
    'invite',
    'email_change',
    'reauthentication',
    'password_changed_notification',
  ])(
    'answers %s as sent, without mailing, so the answer tells nobody whether an account exists',
    async (action) => {
      const { handler, sent, slots } = setUp();
      expect(await answerOf(await handler(await hookRequest(payload(action))))).toEqual({
        status: 200,
        body: {},
      });
      expect(sent).toEqual([]);
      expect(slots).toEqual([]);
    },
  );

  it('accepts the signature list as Auth joins it, and any of the rotated keys', async () => {
    const body = payload();
    const id = 'a1b2c3d4-0000-4000-8000-000000000002';
    const good = await signWebhook(OTHER_KEY, id, NOW_S, body);
    const stranger = await signWebhook(
      webhookKeys(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, 'f', 'V')[0],
      id,
      NOW_S,
      body,
    );
    const { handler, sent } = setUp({ keys: [KEY, OTHER_KEY] });
    const answer = await handler(
      await hookRequest(body, { id, signature: `${stranger}, ${good}` }),
    );
    expect(answer.status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['another key', { key: OTHER_KEY }, 'The webhook signature is missing or wrong.'],
    ['no signature', { signature: '' }, 'The webhook signature is missing or wrong.'],
    ['a v2 signature', { signature: 'v2,abc=' }, 'The webhook signature is missing or wrong.'],
    ['no id', { id: '' }, 'The webhook signature is missing or wrong.'],
    [
      '6 minutes old',
      { timestamp: NOW_S - 360 },
      'The webhook timestamp is too old or too far ahead.',
    ],
    [
      '6 minutes ahead',
      { timestamp: NOW_S + 360 },
      'The webhook timestamp is too old or too far ahead.',
    ],
  ])('refuses a request with %s: 401, nothing mailed', async (_, options, message) => {
    const { handler, sent } = setUp();
    expect(await answerOf(await handler(await hookRequest(payload(), options)))).toEqual({
      status: 401,
      body: { error: { http_code: 401, message } },
    });
    expect(sent).toEqual([]);
  });

  it('takes a request 4 minutes old (clocks drift)', async () => {
    const { handler, sent } = setUp();
    expect((await handler(await hookRequest(payload(), { timestamp: NOW_S - 240 }))).status).toBe(
      200,
    );
    expect(sent).toHaveLength(1);
  });

  it('refuses a body other than the one signed', async () => {
    const { handler, sent } = setUp();
    const signed = await hookRequest(payload('signup', '123456'));
    const altered = new Request(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: payload('signup', '123456', 'mallory@example.com'),
    });
    expect((await handler(altered)).status).toBe(401);
    expect(sent).toEqual([]);
  });

  it('refuses other methods and a body that is not a sign-in payload', async () => {
    const { handler, sent } = setUp();
    expect((await handler(new Request('http://functions.local/send-auth-email'))).status).toBe(405);
    for (const body of [
      'not json',
      '{}',
      payload('signup', 'abc123'),
      payload('signup', '1', 'x'),
    ]) {
      const answer = await answerOf(await handler(await hookRequest(body)));
      expect(answer.status).toBe(400);
      expect(answer.body.error.http_code).toBe(400);
    }
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'no slot within the wait',
      { slot: -1 },
      429,
      'Too many emails are being sent right now. Try again in a minute.',
    ],
    [
      'the database failing',
      { slot: new Error('db down') },
      500,
      'The sign-in code could not be sent. Try again in a minute.',
    ],
    [
      'the provider throttling',
      { delivery: { status: 'throttled', retryAfterMs: 1000, reason: 'HTTP 429' } as Delivery },
      429,
      'Too many emails are being sent right now. Try again in a minute.',
    ],
    [
      'the provider failing',
      { delivery: { status: 'failed', reason: 'HTTP 500' } as Delivery },
      500,
      'The sign-in code could not be sent. Try again in a minute.',
    ],
    [
      'the provider refusing',
      { delivery: { status: 'refused', reason: 'HTTP 422' } as Delivery },
      500,
      'The sign-in code could not be sent. Try again in a minute.',
    ],
  ])(
    'on %s, answers an error Auth passes on (%i), logging neither code nor address',
    async (_, options, httpCode, message) => {
      const { handler, errors } = setUp(options);
      const response = await handler(await hookRequest(payload()));
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await answerOf(response)).toEqual({
        status: 200,
        body: { error: { http_code: httpCode, message } },
      });
      expect(errors.join('\n')).not.toMatch(/123456|ada@example\.com/);
    },
  );
});

describe('the sign-in code mail', () => {
  it('states the expiry supabase/config.toml gives Auth ([auth.email] otp_expiry)', () => {
    const config = readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8');
    const section = /^\[auth\.email\]\n([\s\S]*?)(?=^\[)/m.exec(config)?.[1] ?? '';
    expect(Number(/^otp_expiry = (\d+)$/m.exec(section)?.[1])).toBe(SIGN_IN_CODE_EXPIRY_SECONDS);
    expect(/^otp_length = (\d+)$/m.exec(section)?.[1]).toBe('10');
  });
});
