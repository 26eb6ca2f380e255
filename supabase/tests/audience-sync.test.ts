import {
  localResendAudience,
  sendQueuedMail,
  startTestServer,
  syncAudienceNow,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import {
  contactOf,
  eraseByLink,
  member,
  segmentEmails,
  SEGMENT_NAMES,
  unsubscribeByLink,
} from './test-support/audience.ts';

// The lists' audience through the real server (docs/audience.md): sync-audience on Deno against the
// local server's own Resend (/resend, tools/fake-resend over the data dir), the triggers and queue of
// supabase/schemas/audience*.sql. A member reaches the segment when they confirm and never before; the
// site's unsubscribe, erasure and a bounce reach Resend.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const newsletter = SEGMENT_NAMES.newsletter;
const audience = () => localResendAudience(t.server);

describe('the newsletter segment holds the confirmed members, and nobody else', () => {
  it('5 confirmed, 1 unconfirmed, 1 unsubscribed, 1 bounced, 1 erased: the 5', async () => {
    const confirmed = Array.from({ length: 5 }, () => uniqueEmail('confirmed'));
    for (const email of confirmed) await member(t, 'newsletter', email);
    const unconfirmed = uniqueEmail('unconfirmed');
    await member(t, 'newsletter', unconfirmed, { confirmed: false });
    const leaving = uniqueEmail('leaving');
    await member(t, 'newsletter', leaving);
    const bounced = `bounced+${Date.now().toString(36)}@resend.dev`;
    await member(t, 'newsletter', bounced);
    const erased = uniqueEmail('erased');
    await member(t, 'newsletter', erased);
    // Mail first: the sync takes the provider's pace only when no mail is due. The thank-you mail to
    // the bounced address comes back from the local Resend as a signed bounce: its contact is made
    // unsubscribed, in no segment.
    await sendQueuedMail(t.server);
    await syncAudienceNow(t.server);
    expect(segmentEmails(await audience(), newsletter)).toEqual(
      [...confirmed, leaving, erased].map((email) => email.toLowerCase()).sort(),
    );

    // Their thank-you mails went out; the bounce came back from the local Resend as a signed event.
    expect(await unsubscribeByLink(t, leaving)).toEqual({ success: true, list: 'newsletter' });
    expect(await eraseByLink(t, erased)).toMatchObject({ success: true });
    await sendQueuedMail(t.server);
    await syncAudienceNow(t.server);

    const view = await audience();
    expect(segmentEmails(view, newsletter)).toEqual(
      confirmed.map((email) => email.toLowerCase()).sort(),
    );
    expect(contactOf(view, unconfirmed)).toBeUndefined();
    expect(contactOf(view, leaving)).toBeUndefined();
    expect(contactOf(view, erased)).toBeUndefined();
    expect(contactOf(view, bounced)).toMatchObject({ unsubscribed: true, segment_ids: [] });
  });
});

describe('a new confirmation after an unsubscribe', () => {
  it('puts the address back in the segment, subscribed', async () => {
    const email = uniqueEmail('returning');
    await member(t, 'newsletter', email);
    await sendQueuedMail(t.server);
    await syncAudienceNow(t.server);
    const first = contactOf(await audience(), email);
    expect(first).toMatchObject({ unsubscribed: false });
    expect(await unsubscribeByLink(t, email)).toEqual({ success: true, list: 'newsletter' });
    await syncAudienceNow(t.server);
    expect(contactOf(await audience(), email)).toBeUndefined();
    // 30 days later a sign-up is stored again (consent.sql), and confirmed.
    const { error } = await t.service
      .from('email_suppressions')
      .update({ unsubscribed_on: '2000-01-01' })
      .eq('list', 'newsletter');
    expect(error).toBeNull();
    await member(t, 'newsletter', email);
    await sendQueuedMail(t.server);
    await syncAudienceNow(t.server);
    const again = contactOf(await audience(), email);
    expect(again).toMatchObject({ unsubscribed: false });
    expect(again?.id).not.toBe(first?.id);
    expect(segmentEmails(await audience(), newsletter)).toContain(email);
  });

  it('each list has its segment; a member of two is one contact in both', async () => {
    const email = uniqueEmail('everywhere');
    await member(t, 'early_access', email);
    await member(t, 'waitlist', email);
    await sendQueuedMail(t.server);
    await syncAudienceNow(t.server);
    const view = await audience();
    expect(segmentEmails(view, SEGMENT_NAMES.early_access)).toContain(email);
    expect(segmentEmails(view, SEGMENT_NAMES.waitlist)).toContain(email);
    expect(view.contacts.filter((contact) => contact.email === email)).toHaveLength(1);
    expect(view.segments.map((segment) => segment.name).sort()).toEqual(
      Object.values(SEGMENT_NAMES).sort(),
    );
  });
});
