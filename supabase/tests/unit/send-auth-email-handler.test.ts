import { createSendAuthEmailHandler } from '../../functions/send-auth-email/handler.ts';
import { AUTH_EMAIL_ACTIONS } from '../test-support/auth-email-actions.ts';
import {
  signWebhook,
  verifyWebhook,
  webhookKeys,
} from '../../functions/_shared/webhooks/standard-webhooks.ts';

// The Send Email Hook's function with fakes: the signature and the answers Auth reads. It mails nothing
// (the Deno test of the handler holds that too, send-auth-email.test.ts shows it through the local
// server); the console's codes are console-sign-in's.

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

function setUp(options: { keys?: Uint8Array<ArrayBuffer>[] } = {}) {
  return {
    handler: createSendAuthEmailHandler({ keys: options.keys ?? [KEY], now: () => NOW_MS }),
  };
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
  it.each(AUTH_EMAIL_ACTIONS)(
    'answers %s as sent, for any address, so Auth answers alike and mails nobody',
    async (action) => {
      const { handler } = setUp();
      for (const email of ['ada@agentora.ai', 'console-0@staff.invalid', 'x']) {
        const response = await handler(await hookRequest(payload(action, 'abc', email)));
        expect(response.headers.get('content-type')).toBe('application/json');
        expect(await answerOf(response)).toEqual({ status: 200, body: {} });
      }
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
    const { handler } = setUp({ keys: [KEY, OTHER_KEY] });
    const answer = await handler(
      await hookRequest(body, { id, signature: `${stranger}, ${good}` }),
    );
    expect(answer.status).toBe(200);
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
  ])('refuses a request with %s: 401', async (_, options, message) => {
    const { handler } = setUp();
    expect(await answerOf(await handler(await hookRequest(payload(), options)))).toEqual({
      status: 401,
      body: { error: { http_code: 401, message } },
    });
  });

  it('takes a request 4 minutes old (clocks drift)', async () => {
    const { handler } = setUp();
    expect((await handler(await hookRequest(payload(), { timestamp: NOW_S - 240 }))).status).toBe(
      200,
    );
  });

  it('refuses a body other than the one signed', async () => {
    const { handler } = setUp();
    const signed = await hookRequest(payload('signup', '123456'));
    const altered = new Request(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: payload('signup', '123456', 'mallory@example.com'),
    });
    expect((await handler(altered)).status).toBe(401);
  });

  it('refuses other methods and a body that is not a hook payload', async () => {
    const { handler } = setUp();
    expect((await handler(new Request('http://functions.local/send-auth-email'))).status).toBe(405);
    for (const body of ['not json', '{}', '[]']) {
      const answer = await answerOf(await handler(await hookRequest(body)));
      expect(answer.status).toBe(400);
      expect(answer.body.error.http_code).toBe(400);
    }
  });
});
