import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, webhookKeys } from '@agentora/backend/webhooks/standard-webhooks';
import { startFakeResend, type FakeResend, type FakeResendOptions } from '../fake-resend.ts';
import { contactEvent, type ContactEvent } from './contact-events.ts';

// Resend's contact.* events: their shape, and their posts from the stand-in, for changes made through
// the API and in Resend itself, signed as the delivery events are, which the site's own verifier takes.

const SECRET = `whsec_${Buffer.from('fake-resend contact events secret').toString('base64')}`;

it('makes the event of a change in the shape Resend documents', () => {
  const contact = {
    id: 'c-1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: null,
    unsubscribed: true,
    created_at: Date.UTC(2026, 0, 1),
    updated_at: Date.UTC(2026, 0, 2),
  };
  const at = Date.UTC(2026, 0, 2, 0, 0, 1);
  expect(contactEvent({ type: 'contact.updated', contact, segmentIds: ['s-1'], at })).toEqual({
    type: 'contact.updated',
    created_at: '2026-01-02T00:00:01.000Z',
    data: {
      id: 'c-1',
      segment_ids: ['s-1'],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
      email: 'ada@example.com',
      first_name: 'Ada',
      unsubscribed: true,
    },
  });
});

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let receiver: Server | undefined;
let fake: FakeResend | undefined;
afterEach(async () => {
  await fake?.stop();
  receiver?.close();
  fake = undefined;
  receiver = undefined;
});

/** A webhook endpoint on loopback answering 200, and the stand-in posting to it. */
async function start(options: Partial<FakeResendOptions['webhooks']> = {}) {
  const received: Received[] = [];
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as AddressInfo;
  fake = await startFakeResend({
    ratePerSecond: 0,
    apiKey: 're_test',
    webhooks: { url: `http://127.0.0.1:${port}/hook`, secret: SECRET, delayMs: 0, ...options },
  });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${(fake as FakeResend).url}${path}`, {
      method,
      headers: { Authorization: 'Bearer re_test', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const events = () => received.map((post) => JSON.parse(post.body) as ContactEvent);
  return { fake, call, received, events };
}

it('posts contact.created, contact.updated and contact.deleted for the API’s changes, signed as Resend signs', async () => {
  const { fake, call, received, events } = await start();
  const segment = await (await call('POST', '/segments', { name: 'Newsletter' })).json();
  await call('POST', '/contacts', { email: 'ada@example.com', segments: [segment.id] });
  // An address that has its contact, and a refused request, change nothing and post nothing.
  await call('POST', '/contacts', { email: 'ada@example.com', first_name: 'Other' });
  await call('PATCH', '/contacts/ada@example.com', { unsubscribed: 'yes' });
  await call('PATCH', '/contacts/ada@example.com', { unsubscribed: true });
  await call('DELETE', '/contacts/ada@example.com');
  await fake.webhooks.settled();
  expect(
    events().map((event) => [event.type, event.data.unsubscribed, event.data.segment_ids]),
  ).toEqual([
    ['contact.created', false, [segment.id]],
    ['contact.updated', true, [segment.id]],
    ['contact.deleted', true, [segment.id]],
  ]);
  expect(fake.webhooks.posted().map((post) => post.status)).toEqual([200, 200, 200]);
  const keys = webhookKeys(SECRET, 'contact-events.test', 'SECRET');
  for (const post of received) {
    const headers = new Headers(post.headers as Record<string, string>);
    await expect(
      verifyWebhook(keys, headers, post.body, Math.floor(Date.now() / 1000), 'svix'),
    ).resolves.toEqual({ ok: true, id: post.headers['svix-id'] });
  }
  expect(new Set(received.map((post) => post.headers['svix-id'])).size).toBe(3);
});

it('posts the events of changes made in Resend itself, once they are made', async () => {
  const { fake, call, events } = await start();
  await call('POST', '/contacts', { email: 'ada@example.com', first_name: 'Ada' });
  await fake.webhooks.settled();
  await fake.inResend.updateContact('ada@example.com', { unsubscribed: true });
  // Resolved once posted: no wait for settled() needed.
  expect(events().at(-1)).toEqual({
    type: 'contact.updated',
    created_at: expect.any(String),
    data: expect.objectContaining({
      email: 'ada@example.com',
      first_name: 'Ada',
      unsubscribed: true,
    }),
  });
  expect(fake.audience().contacts).toEqual([expect.objectContaining({ unsubscribed: true })]);
  await fake.inResend.deleteContact('ada@example.com');
  expect(events().map((event) => event.type)).toEqual([
    'contact.created',
    'contact.updated',
    'contact.deleted',
  ]);
  expect((await call('GET', '/contacts/ada@example.com')).status).toBe(404);
  await expect(fake.inResend.deleteContact('ada@example.com')).rejects.toThrow('no contact');
  await expect(
    fake.inResend.updateContact('nobody@example.com', { unsubscribed: true }),
  ).rejects.toThrow('no contact');
});

it('posts only the event types the endpoint is subscribed to', async () => {
  const { fake, call, events } = await start({ events: ['contact.updated', 'contact.deleted'] });
  await call('POST', '/contacts', { email: 'ada@example.com' });
  await call('POST', '/emails', {
    from: 'a@agentora.ai',
    to: 'delivered@resend.dev',
    subject: 'Hi',
    text: 'x',
  });
  await fake.inResend.updateContact('ada@example.com', { unsubscribed: true });
  await fake.webhooks.settled();
  expect(events().map((event) => event.type)).toEqual(['contact.updated']);
});

it('without a webhook endpoint, changes in Resend are made and nothing is posted', async () => {
  fake = await startFakeResend({ ratePerSecond: 0 });
  const created = await fetch(`${fake.url}/contacts`, {
    method: 'POST',
    headers: { Authorization: 'Bearer re_test' },
    body: JSON.stringify({ email: 'ada@example.com' }),
  });
  expect(created.status).toBe(201);
  await fake.inResend.updateContact('ada@example.com', { unsubscribed: true });
  expect(fake.audience().contacts).toEqual([expect.objectContaining({ unsubscribed: true })]);
  expect(fake.webhooks.posted()).toEqual([]);
});
