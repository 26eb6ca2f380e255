import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_RESEND_API_KEY } from '../src/keys/local-keys.ts';
import { startLocalSupabase, type LocalSupabase } from '../src/index.ts';
import type { OutboxMessage } from '../src/outbox/outbox.ts';

// /resend/emails, Resend's API as @agentora/fake-resend serves it, over the outbox: what the functions
// send lands in /outbox.json as they read it, and its idempotency keys outlive a restart.
let dataDir: string;
let server: LocalSupabase;
const start = () =>
  startLocalSupabase({ port: 0, dataDir, inMemory: true, functionLog: () => undefined });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-outbox-'));
  server = await start();
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const mail = (subject = 'Hello', extra: Record<string, unknown> = {}) => ({
  from: 'Agentora <hello@agentora.ai>',
  to: ['ada@example.com'],
  subject,
  html: '<p>Hi</p>',
  text: 'Hi',
  ...extra,
});

function send(body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return fetch(`${server.url}/resend/emails`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${LOCAL_RESEND_API_KEY}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
    ...init,
  });
}

const outbox = async () =>
  (await (await fetch(`${server.url}/outbox.json`)).json()) as OutboxMessage[];

describe('the outbox behind /resend', () => {
  it('keeps what it takes as the functions read it, newest first', async () => {
    const first = await send(mail('First', { headers: { 'List-Unsubscribe': '<https://x>' } }), {
      'Idempotency-Key': 'mail/first',
    });
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    await send(mail('Second'), { 'Idempotency-Key': 'mail/second' });
    const [second, kept] = await outbox();
    expect(second.subject).toBe('Second');
    expect(kept).toEqual({
      id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      from: 'Agentora <hello@agentora.ai>',
      to: 'ada@example.com',
      subject: 'First',
      html: '<p>Hi</p>',
      text: 'Hi',
      headers: { 'List-Unsubscribe': '<https://x>' },
      idempotencyKey: 'mail/first',
    });
    const page = await (await fetch(`${server.url}/outbox/${id}.txt`)).text();
    expect(page).toBe('Hi');
  });

  it('answers a repeated key with the first id, another body under it with 409, after a restart too', async () => {
    const first = (await (await send(mail('Once'), { 'Idempotency-Key': 'mail/once' })).json()) as {
      id: string;
    };
    await server.stop();
    server = await start();
    const again = await send(mail('Once'), { 'Idempotency-Key': 'mail/once' });
    expect(await again.json()).toEqual({ id: first.id });
    const changed = await send(mail('Twice'), { 'Idempotency-Key': 'mail/once' });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ name: 'invalid_idempotent_request' });
    expect(
      (await outbox()).filter((message) => message.idempotencyKey === 'mail/once'),
    ).toHaveLength(1);
  });

  it('takes a batch (POST /resend/emails/batch): each mail in the outbox, its key kept across a restart', async () => {
    const batch = [
      mail('Batch one', { to: ['one@example.com'] }),
      mail('Batch two', { to: ['two@example.com'] }),
    ];
    const sendBatch = () =>
      fetch(`${server.url}/resend/emails/batch`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${LOCAL_RESEND_API_KEY}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'batch/outbox',
          'x-batch-validation': 'permissive',
        },
        body: JSON.stringify(batch),
      });
    const first = await sendBatch();
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { data: Array<{ id: string }>; errors: unknown[] };
    expect(answer.errors).toEqual([]);
    const kept = (await outbox()).filter((message) => message.idempotencyKey === 'batch/outbox');
    expect(kept.map((message) => [message.id, message.to]).sort()).toEqual(
      [
        [answer.data[0].id, 'one@example.com'],
        [answer.data[1].id, 'two@example.com'],
      ].sort(),
    );
    await server.stop();
    server = await start();
    const again = await sendBatch();
    expect(await again.json()).toEqual(answer);
    expect(
      (await outbox()).filter((message) => message.idempotencyKey === 'batch/outbox'),
    ).toHaveLength(2);
  });

  it('lists the mails of one batch, which share their time, newest first as they were handed over', async () => {
    const subjects = ['Batch first', 'Batch second', 'Batch third', 'Batch fourth', 'Batch fifth'];
    const response = await fetch(`${server.url}/resend/emails/batch`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${LOCAL_RESEND_API_KEY}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'batch/order',
      },
      body: JSON.stringify(subjects.map((subject) => mail(subject))),
    });
    expect(response.status).toBe(200);
    const kept = (await outbox()).filter((message) => message.idempotencyKey === 'batch/order');
    expect(new Set(kept.map((message) => message.createdAt)).size).toBe(1);
    expect(kept.map((message) => message.subject)).toEqual([...subjects].reverse());
  });

  it('refuses as Resend does, and keeps nothing of a refusal', async () => {
    const before = (await outbox()).length;
    expect((await send(mail(), { Authorization: '' })).status).toBe(401);
    expect((await send(mail(), { Authorization: 'Bearer re_another' })).status).toBe(403);
    expect((await send(mail(''), {})).status).toBe(422);
    expect((await fetch(`${server.url}/resend/emails`)).status).toBe(405);
    expect((await fetch(`${server.url}/resend/domains`, { method: 'POST' })).status).toBe(404);
    const large = await send(mail('Large', { text: 'x'.repeat(1024 * 1024) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ statusCode: 413, name: 'payload_too_large' });
    expect((await outbox()).length).toBe(before);
  });
});
