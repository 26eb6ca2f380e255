import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  LOCAL_RESEND_WEBHOOK_SECRET,
  outboxMail,
  sendQueuedMail,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { staffSession, type SignedInMember } from './test-support/console.ts';

// resend-webhook through the real server (docs/mail-queue.md, "Delivery and suppression"): its index.ts
// on Deno behind the local gateway, without a key, the SQL of supabase/schemas/mail-delivery.sql, and the
// outbox's Resend (tools/fake-resend), which posts Resend's events for its test addresses to this
// server's own resend-webhook, signed with RESEND_WEBHOOK_SECRET as Resend signs them. A bounce stops
// every later mail to the address that bounced (and no other of its mailbox), a complaint every later
// mail to the mailbox; a forged, stale or replayed event changes nothing.
let t: TestServer;
let staff: SignedInMember;
beforeAll(async () => {
  t = await startTestServer();
  staff = await staffSession(t, 'delivery-staff');
});
afterAll(() => t.stop());

const WEBHOOK_KEY = Buffer.from(LOCAL_RESEND_WEBHOOK_SECRET.replace('whsec_', ''), 'base64');

/** Svix's headers, signed here with node:crypto (apart from the function's verifier). */
function svix(body: string, options: { id?: string; at?: number; key?: Buffer } = {}) {
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = Math.floor((options.at ?? Date.now()) / 1000);
  const signature = createHmac('sha256', options.key ?? WEBHOOK_KEY)
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'svix-id': id,
    'svix-timestamp': String(timestamp),
    'svix-signature': `v1,${signature}`,
  };
}

/** Posts a Resend event for `to` to the function, as Resend does: no key, Svix's signature. */
async function post(
  type: string,
  to: string,
  options: { id?: string; at?: number; key?: Buffer; bounceType?: string } = {},
) {
  const body = JSON.stringify({
    type,
    created_at: new Date().toISOString(),
    data: {
      created_at: new Date().toISOString(),
      email_id: randomUUID(),
      from: 'Agentora <hello@agentora.ai>',
      to: [to],
      subject: 'Confirm your email',
      ...(type === 'email.bounced'
        ? { bounce: { type: options.bounceType ?? 'Permanent', subType: 'General' } }
        : {}),
    },
  });
  const response = await fetch(`${t.server.url}/functions/v1/resend-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...svix(body, options) },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** private.mailbox_sha256: lower case, without the +tag. */
const mailboxFingerprint = (address: string) => {
  const [local, domain] = address.toLowerCase().split('@');
  return sha256(`${local.split('+')[0]}@${domain}`);
};
/** private.address_sha256: the address lower-cased. */
const addressFingerprint = (address: string) => sha256(address.toLowerCase());

/** The events of the address, and what suppresses it: a bounce of it, a complaint of its mailbox. */
async function recorded(address: string) {
  // The suppressions are read before the events: the webhook stores both in one transaction, so once a
  // suppression is seen its event is too (read the other way round, an event arriving between the reads
  // shows a suppression without its event).
  const bounces = await t.service
    .from('mail_suppressions')
    .select('reason')
    .eq('address_sha256', addressFingerprint(address));
  const complaints = await t.service
    .from('mail_suppressions')
    .select('reason')
    .eq('reason', 'complained')
    .eq('mailbox_sha256', mailboxFingerprint(address));
  const events = await t.service
    .from('mail_delivery_events')
    .select('event')
    .eq('address_sha256', addressFingerprint(address));
  return {
    events: (events.data ?? []).map((row) => row.event as string),
    suppressed: [...(bounces.data ?? []), ...(complaints.data ?? [])].map(
      (row) => row.reason as string,
    ),
  };
}

/** A newsletter or early-access sign-up as the forms make it: one request to the sign-up function. */
async function signUp(email: string, list: 'newsletter' | 'early_access') {
  const table = list === 'newsletter' ? 'newsletter_subscriptions' : 'early_access_signups';
  const response = await signUpThrough(t.server, { list, fields: { email } });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  await response.body?.cancel();
  const { data } = await t.service.from(table).select('id').eq('email', email).single();
  return data?.id as string;
}

async function mailedTo(address: string): Promise<number> {
  return (await outboxMail({ url: t.server.url }, address)).length;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function consoleState(list: string, id: string) {
  const { data, error } = await staff.client.rpc('console_mail_states', {
    p_list: list,
    p_ids: [id],
  });
  if (error) throw new Error(error.message);
  return (data as Record<string, unknown>)[id];
}

it('end to end: the outbox’s Resend reports a bounce for bounced@resend.dev, and no later mail goes to that address', async () => {
  const label = randomUUID().slice(0, 8);
  const first = `bounced+${label}@resend.dev`;
  const firstId = await signUp(first, 'newsletter');
  await sendQueuedMail(t.server);
  expect(await mailedTo(first)).toBe(1);
  // Resend's event arrives at resend-webhook, signed; the address is suppressed.
  expect(
    await until(
      () => recorded(first),
      (seen) => seen.suppressed.length > 0,
    ),
  ).toEqual({
    events: ['bounced'],
    suppressed: ['bounced'],
  });
  expect(await consoleState('newsletter', firstId)).toEqual({
    state: 'bounced',
    suppressed: 'bounced',
  });

  // A later sign-up of the same address (in other letters' case, on another list): stored, never mailed.
  const later = `Bounced+${label.toUpperCase()}@resend.dev`;
  const laterId = await signUp(later, 'early_access');
  await sendQueuedMail(t.server);
  expect(laterId).toEqual(expect.any(String));
  // The outbox reads an address in any case: the one mail is still the first sign-up's.
  expect(await mailedTo(later)).toBe(1);
  const { data: messages } = await t.service
    .from('mail_queue')
    .select('status, last_error')
    .eq('early_access_id', laterId);
  expect(messages).toEqual([{ status: 'dead', last_error: 'suppressed' }]);
  expect(await consoleState('early_access', laterId)).toEqual({
    state: 'suppressed',
    suppressed: 'bounced',
  });
});

it('a signed bounce of a +tag address stops the mail to it, and its mailbox’s own address is still mailed', async () => {
  // A server that refuses +tags: the tagged address bounces for good; the person's own does not.
  const domain = `corp-${randomUUID().slice(0, 8)}.example.com`;
  const tagged = `dana+launch@${domain}`;
  const own = `dana@${domain}`;
  expect((await post('email.bounced', tagged)).status).toBe(200);
  expect(await recorded(tagged)).toEqual({ events: ['bounced'], suppressed: ['bounced'] });
  expect(await recorded(own)).toEqual({ events: [], suppressed: [] });

  const ownId = await signUp(own, 'newsletter');
  const taggedId = await signUp(`Dana+Launch@${domain}`, 'early_access');
  await sendQueuedMail(t.server);
  expect(await mailedTo(own)).toBe(1);
  expect(await mailedTo(tagged)).toBe(0);
  expect(await consoleState('newsletter', ownId)).toEqual({ state: 'sent', suppressed: null });
  expect(await consoleState('early_access', taggedId)).toEqual({
    state: 'suppressed',
    suppressed: 'bounced',
  });
});

it('end to end: delivered@ and complained@resend.dev are reported; a complaint suppresses', async () => {
  const label = randomUUID().slice(0, 8);
  const delivered = `delivered+${label}@resend.dev`;
  const complained = `complained+${label}@resend.dev`;
  const deliveredId = await signUp(delivered, 'newsletter');
  await signUp(complained, 'newsletter');
  await sendQueuedMail(t.server);
  expect(
    await until(
      () => Promise.all([recorded(delivered), recorded(complained)]),
      ([, second]) => second.suppressed.length > 0,
    ),
  ).toEqual([
    { events: expect.arrayContaining(['delivered']), suppressed: [] },
    { events: ['delivered', 'complained'], suppressed: ['complained'] },
  ]);
  expect(await consoleState('newsletter', deliveredId)).toEqual({
    state: 'delivered',
    suppressed: null,
  });
});

it('a signed bounce for an address stops its later mail; the same event again records nothing more', async () => {
  const address = uniqueEmail('bounces');
  const id = `msg_${randomUUID()}`;
  expect(await post('email.bounced', address, { id })).toEqual({
    status: 200,
    body: { received: true },
  });
  expect(await post('email.bounced', address, { id })).toEqual({
    status: 200,
    body: { received: true },
  });
  expect(await recorded(address)).toEqual({ events: ['bounced'], suppressed: ['bounced'] });
  const rowId = await signUp(address, 'newsletter');
  await sendQueuedMail(t.server);
  expect(rowId).toEqual(expect.any(String));
  expect(await mailedTo(address)).toBe(0);
});

it('a forged, stale or keyless-but-unsigned event changes nothing, and the address is still mailed', async () => {
  const address = uniqueEmail('forged');
  const forger = Buffer.from('not the endpoint secret, 32 byte');
  expect((await post('email.bounced', address, { key: forger })).status).toBe(401);
  expect((await post('email.complained', address, { at: Date.now() - 10 * 60_000 })).status).toBe(
    401,
  );
  expect((await post('email.bounced', address, { at: Date.now() + 10 * 60_000 })).status).toBe(401);
  const unsigned = await fetch(`${t.server.url}/functions/v1/resend-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'email.bounced', data: { email_id: 'x', to: [address] } }),
  });
  expect(unsigned.status).toBe(401);
  // A transient bounce is recorded, and suppresses nothing.
  expect((await post('email.bounced', address, { bounceType: 'Transient' })).status).toBe(200);
  expect(await recorded(address)).toEqual({ events: ['bounced'], suppressed: [] });
  await signUp(address, 'newsletter');
  await sendQueuedMail(t.server);
  expect(await mailedTo(address)).toBe(1);
});

it('a body over the bound is refused before it is read; other methods are 405', async () => {
  const big = await fetch(`${t.server.url}/functions/v1/resend-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...svix('x'.repeat(70_000)) },
    body: 'x'.repeat(70_000),
  });
  expect(big.status).toBe(413);
  const get = await fetch(`${t.server.url}/functions/v1/resend-webhook`);
  expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  await get.body?.cancel();
});
