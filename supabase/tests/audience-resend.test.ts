import { randomUUID } from 'node:crypto';
import { startFakeResend, svixHeaders, type FakeResend } from '@agentora/fake-resend';
import {
  LOCAL_RESEND_WEBHOOK_SECRET,
  sendQueuedMail,
  startTestServer,
  syncAudienceNow,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import {
  contactOf,
  isMember,
  member,
  segmentEmails,
  SEGMENT_NAMES,
} from './test-support/audience.ts';
import { sha256 } from './test-support/consent.ts';

// Resend's changes reach the site (docs/audience.md): the server's functions talk to tools/fake-resend on
// a port of its own, which posts Resend's contact events, signed, to the server's resend-webhook, as
// Resend does. A broadcast's unsubscribe link in Resend unsubscribes here as the site's own link does; an
// echo of the site's own change, a forged, stale or replayed event, and one for an address the site has
// no contact of change nothing; a contact Resend refuses is dead with its words.
let t: TestServer;
let fake: FakeResend;

beforeAll(async () => {
  fake = await startFakeResend({
    ratePerSecond: 0,
    apiKey: 're_audience_test',
    webhooks: {
      url: () => `${t.server.url}/functions/v1/resend-webhook`,
      secret: LOCAL_RESEND_WEBHOOK_SECRET,
    },
  });
  t = await startTestServer({ resend: { apiKey: 're_audience_test', apiUrl: fake.url } });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

/** Mail first, then the audience, then whatever Resend posted about it. */
async function settle() {
  await sendQueuedMail(t.server);
  await syncAudienceNow(t.server);
  await fake.webhooks.settled();
}

/** Resend's contact event, posted as Resend posts it (signed with `secret`). */
async function postEvent(
  type: string,
  contact: { id: string; email: string; unsubscribed: boolean },
  options: { id?: string; at?: number; secret?: string } = {},
) {
  const at = options.at ?? Date.now();
  const body = JSON.stringify({
    type,
    created_at: new Date(at).toISOString(),
    data: {
      ...contact,
      segment_ids: [],
      created_at: new Date(at - 60_000).toISOString(),
      updated_at: new Date(at).toISOString(),
    },
  });
  const response = await fetch(`${t.server.url}/functions/v1/resend-webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(await svixHeaders(
        options.secret ?? LOCAL_RESEND_WEBHOOK_SECRET,
        body,
        options.id,
        Math.floor(at / 1000),
      )),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** What the site keeps of an unsubscribe of the address (uniqueEmail's: its own mailbox). */
async function unsubscribedLists(email: string) {
  const { data } = await t.service
    .from('email_suppressions')
    .select('list, unsubscribed_on, last_sign_up_on')
    .eq('mailbox_sha256', sha256(email))
    .order('list');
  return data;
}

const today = new Date().toISOString().slice(0, 10);

describe("a broadcast's unsubscribe link in Resend", () => {
  it('unsubscribes the address here from every list, keeping what the site keeps for its own link', async () => {
    const email = uniqueEmail('clicker');
    await member(t, 'newsletter', email);
    await member(t, 'waitlist', email);
    await settle();
    expect(segmentEmails(fake.audience(), SEGMENT_NAMES.newsletter)).toContain(email);
    expect(segmentEmails(fake.audience(), SEGMENT_NAMES.waitlist)).toContain(email);
    await fake.inResend.updateContact(email, { unsubscribed: true });
    expect(await isMember(t, 'newsletter', email)).toBe(false);
    expect(await isMember(t, 'waitlist', email)).toBe(false);
    expect(await unsubscribedLists(email)).toEqual([
      { list: 'newsletter', unsubscribed_on: today, last_sign_up_on: null },
      { list: 'waitlist', unsubscribed_on: today, last_sign_up_on: null },
    ]);
    // Nobody is left whom the contact is for: the sync deletes it.
    await settle();
    expect(contactOf(fake.audience(), email)).toBeUndefined();
  });

  it("a contact deleted in Resend's dashboard is unsubscribed here likewise", async () => {
    const email = uniqueEmail('deleted');
    await member(t, 'early_access', email);
    await settle();
    await fake.inResend.deleteContact(email);
    expect(await isMember(t, 'early_access', email)).toBe(false);
    expect(await unsubscribedLists(email)).toEqual([
      { list: 'early_access', unsubscribed_on: today, last_sign_up_on: null },
    ]);
  });
});

describe('what changes nothing', () => {
  it("the echoes of the site's own changes (a creation, a bounce's unsubscribed flag)", async () => {
    const email = uniqueEmail('echoes');
    await member(t, 'newsletter', email);
    await settle();
    await t.service.rpc('record_mail_delivery_event', {
      p_webhook_id: `msg_${randomUUID()}`,
      p_event: 'complained',
      p_email_id: randomUUID(),
      p_to: [email],
      p_bounce_type: null,
      p_occurred_at: new Date().toISOString(),
    });
    await settle();
    const posted = fake.webhooks
      .posted()
      .filter(({ event }) => JSON.stringify(event).includes(email));
    expect(posted.map(({ event, status }) => [event.type, status])).toEqual([
      ['contact.created', 200],
      ['contact.updated', 200],
    ]);
    // The echo of `unsubscribed: true` that the site set itself did not unsubscribe the member.
    expect(await isMember(t, 'newsletter', email)).toBe(true);
    expect(contactOf(fake.audience(), email)).toMatchObject({
      unsubscribed: true,
      segment_ids: [],
    });
  });

  it('a forged, stale or replayed event, and one for an address the site has no contact of', async () => {
    const email = uniqueEmail('kept');
    await member(t, 'newsletter', email);
    await settle();
    const contact = { id: contactOf(fake.audience(), email)!.id, email, unsubscribed: true };
    const forger = `whsec_${Buffer.from('a forger key, also 32 bytes long').toString('base64')}`;
    expect(await postEvent('contact.updated', contact, { secret: forger })).toEqual({
      status: 401,
      body: { success: false, error: 'The webhook signature is missing or wrong.' },
    });
    expect(
      (await postEvent('contact.updated', contact, { at: Date.now() - 10 * 60_000 })).status,
    ).toBe(401);
    const stranger = { id: randomUUID(), email: uniqueEmail('stranger'), unsubscribed: true };
    expect(await postEvent('contact.updated', stranger)).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await isMember(t, 'newsletter', email)).toBe(true);
    // A genuine one, delivered twice: once is enough, the second is answered 200 and changes nothing.
    const id = `msg_${randomUUID()}`;
    expect((await postEvent('contact.updated', contact, { id })).status).toBe(200);
    expect(await isMember(t, 'newsletter', email)).toBe(false);
    await member(t, 'newsletter', uniqueEmail('someone-else'));
    expect((await postEvent('contact.updated', contact, { id })).status).toBe(200);
    expect(await unsubscribedLists(email)).toHaveLength(1);
  });
});

describe('a contact Resend refuses', () => {
  it("is dead with Resend's words after one try, never retried", async () => {
    // A plain address to the site (RFC 5322 allows the apostrophe) that the stand-in, as Resend is
    // known to, refuses.
    const email = `o'brien.${randomUUID().slice(0, 8)}@example.com`;
    await member(t, 'newsletter', email);
    await settle();
    const { data } = await t.service.from('audience_dead_letters').select('last_error, attempts');
    expect(data).toEqual([
      {
        last_error: expect.stringMatching(/^Resend answered HTTP 422: Invalid `email` field\./),
        attempts: 1,
      },
    ]);
    const before = fake.stats().requests;
    await syncAudienceNow(t.server);
    expect(fake.stats().requests).toBe(before);
  });
});
