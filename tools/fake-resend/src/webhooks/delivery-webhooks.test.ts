import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStore } from '../emails/mail-store.ts';
import { createResendApi } from '../resend-api.ts';
import {
  eventsFor,
  testAddressOutcome,
  withDeliveryWebhooks,
  type DeliveryEvent,
} from './delivery-webhooks.ts';
import { svixHeaders } from './endpoint.ts';

// Resend's test addresses and the webhooks it posts for them, signed as Svix signs them.

const SECRET = `whsec_${Buffer.from('fake-resend webhook test secret!').toString('base64')}`;

it('signs as Svix does: the Standard Webhooks vector', async () => {
  await expect(
    svixHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      '{"test": 2432232314}',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
    ),
  ).resolves.toEqual({
    'svix-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'svix-timestamp': '1614265330',
    'svix-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  });
  await expect(svixHeaders('not a secret', '{}')).rejects.toThrow('whsec_');
});

it('knows Resend’s test addresses, with or without a +label, and nothing else', () => {
  expect(
    [
      'delivered@resend.dev',
      'Bounced+signup-1@Resend.dev',
      'complained+x@resend.dev',
      'bounced@resend.dev.example.com',
      'bounced@example.com',
      'ada@resend.dev',
    ].map(testAddressOutcome),
  ).toEqual(['delivered', 'bounced', 'complained', undefined, undefined, undefined]);
});

it('the events of one mail: one set per test recipient, in Resend’s shape', () => {
  const mail = {
    id: 'e-1',
    idempotencyKey: '',
    from: 'Agentora <hello@agentora.ai>',
    to: ['complained@resend.dev', 'ada@example.com', 'bounced+1@resend.dev'],
    subject: 'Hello',
    html: '<p>x</p>',
    text: '',
    headers: {},
    acceptedAt: Date.UTC(2025, 11, 6, 12),
  };
  const events = eventsFor(mail, Date.UTC(2025, 11, 6, 12, 0, 1));
  expect(events.map((event) => [event.type, event.data.to])).toEqual([
    ['email.delivered', ['complained@resend.dev']],
    ['email.complained', ['complained@resend.dev']],
    ['email.bounced', ['bounced+1@resend.dev']],
  ]);
  expect(events[2]).toEqual({
    type: 'email.bounced',
    created_at: '2025-12-06T12:00:01.000Z',
    data: {
      created_at: '2025-12-06T12:00:00.000Z',
      email_id: 'e-1',
      from: 'Agentora <hello@agentora.ai>',
      to: ['bounced+1@resend.dev'],
      subject: 'Hello',
      bounce: { type: 'Permanent', subType: 'General', message: expect.any(String) },
    },
  });
});

it('posts them, signed, to the URL it is given, after the mail is kept', async () => {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const store = withDeliveryWebhooks(memoryStore(), {
      url: `http://127.0.0.1:${port}/functions/v1/resend-webhook`,
      secret: SECRET,
      delayMs: 0,
    });
    const api = createResendApi({ apiKey: 're_test', ratePerSecond: 0, store });
    for (const to of ['bounced+a@resend.dev', 'ada@example.com', 'delivered@resend.dev']) {
      const admission = api.admit({
        method: 'POST',
        path: '/emails',
        headers: { authorization: 'Bearer re_test' },
      });
      if ('refuse' in admission) throw new Error('refused');
      const body = { from: 'a@agentora.ai', to, subject: 'Hi', text: 'x' };
      expect((await admission.answer(Buffer.from(JSON.stringify(body)))).status).toBe(200);
    }
    await store.webhooks.settled();
    // Kept as before, every mail once.
    expect(store.accepted().map((mail) => mail.to)).toEqual([
      ['bounced+a@resend.dev'],
      ['ada@example.com'],
      ['delivered@resend.dev'],
    ]);
    expect(received.map((post) => (JSON.parse(post.body) as DeliveryEvent).type)).toEqual([
      'email.bounced',
      'email.delivered',
    ]);
    expect(store.webhooks.posted().map((post) => post.status)).toEqual([200, 200]);
    for (const post of received) {
      const id = post.headers['svix-id'] as string;
      const timestamp = Number(post.headers['svix-timestamp']);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(post.headers['svix-signature']).toBe(
        (await svixHeaders(SECRET, post.body, id, timestamp))['svix-signature'],
      );
    }
    expect(new Set(received.map((post) => post.headers['svix-id'])).size).toBe(2);
  } finally {
    server.close();
  }
});

it('a post that fails is told to onError; the mail is kept all the same', async () => {
  const errors: unknown[] = [];
  const store = withDeliveryWebhooks(memoryStore(), {
    url: 'http://127.0.0.1:9/nothing-listens',
    secret: SECRET,
    delayMs: 0,
    onError: (error) => errors.push(error),
  });
  await store.keep(
    {
      id: 'e-2',
      idempotencyKey: '',
      from: 'a@agentora.ai',
      to: ['bounced@resend.dev'],
      subject: 'Hi',
      html: '',
      text: 'x',
      headers: {},
      acceptedAt: Date.now(),
    },
    'hash',
  );
  await store.webhooks.settled();
  expect([store.accepted().length, errors.length]).toEqual([1, 1]);
});

it('posts the events of each mail of a batch (POST /emails/batch)', async () => {
  const urls: string[] = [];
  const bodies: DeliveryEvent[] = [];
  const store = withDeliveryWebhooks(memoryStore(), {
    url: 'http://127.0.0.1:9/functions/v1/resend-webhook',
    secret: SECRET,
    delayMs: 0,
    fetch: async (url, init) => {
      urls.push(String(url));
      bodies.push(JSON.parse(String(init?.body)) as DeliveryEvent);
      return new Response('{}', { status: 200 });
    },
  });
  const api = createResendApi({ apiKey: 're_test', ratePerSecond: 0, store });
  const admission = api.admit({
    method: 'POST',
    path: '/emails/batch',
    headers: { authorization: 'Bearer re_test' },
  });
  if ('refuse' in admission) throw new Error('refused');
  const batch = ['bounced@resend.dev', 'ada@example.com', 'complained@resend.dev'].map((to) => ({
    from: 'a@agentora.ai',
    to,
    subject: 'Hi',
    text: 'x',
  }));
  expect((await admission.answer(Buffer.from(JSON.stringify(batch)))).status).toBe(200);
  await store.webhooks.settled();
  expect(store.accepted()).toHaveLength(3);
  expect(bodies.map((event) => event.type)).toEqual([
    'email.bounced',
    'email.delivered',
    'email.complained',
  ]);
});
