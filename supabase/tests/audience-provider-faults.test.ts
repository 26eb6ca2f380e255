import { startFakeResend, type FakeResend } from '@agentora/fake-resend';
import {
  LOCAL_RESEND_WEBHOOK_SECRET,
  startTestServer,
  syncAudienceNow,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { member, segmentEmails, SEGMENT_NAMES } from './test-support/audience.ts';

// The sync against a provider that throttles and fails (docs/audience.md, "Durable and polite"):
// tools/fake-resend at 3 requests a second while the server's workers are told 100 (so the sync meets
// 429s and must keep Resend's Retry-After), with one request in four answered 500, half of those after
// the change was made (a lost answer). Every member ends in the segment once; nothing dies of it.
let t: TestServer;
let fake: FakeResend;

// Every fourth roll fails; of those, every other one after making the change.
const ROLLS = [0.9, 0.9, 0.9, 0.1, 0.3, 0.9, 0.9, 0.9, 0.1, 0.7];
let roll = 0;

beforeAll(async () => {
  fake = await startFakeResend({
    ratePerSecond: 3,
    errorRate: 0.2,
    failAfterAccepting: 0.5,
    random: () => ROLLS[roll++ % ROLLS.length],
    apiKey: 're_faults_test',
    webhooks: {
      url: () => `${t.server.url}/functions/v1/resend-webhook`,
      secret: LOCAL_RESEND_WEBHOOK_SECRET,
    },
  });
  t = await startTestServer({
    resend: { apiKey: 're_faults_test', apiUrl: fake.url },
    mailSendsPerSecond: 100,
  });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

/**
 * As if the backoff of the steps a 500 put back had passed (seconds, growing with each try; it is held by
 * tests/unit/audience-requests.test.ts and audience-outcomes.test.ts). The pace a 429 set is not touched:
 * each request still waits for Resend's Retry-After.
 */
async function makeDue(): Promise<void> {
  const due = { available_at: new Date(0).toISOString() };
  const made = await Promise.all([
    t.service.from('audience_contacts').update(due).eq('status', 'queued'),
    t.service.from('audience_segments').update(due).neq('list', ''),
  ]);
  for (const { error } of made) if (error) throw new Error(`Making steps due: ${error.message}`);
}

it('every member reaches the segment once through 429s and 500s, none dead', async () => {
  const emails = Array.from({ length: 6 }, () => uniqueEmail('faulty'));
  for (const email of emails) await member(t, 'newsletter', email);
  // Their confirmations' mail is not this test's: it is taken out of the way.
  await t.service.from('mail_queue').delete().neq('kind', '');
  const deadline = Date.now() + 90_000;
  let pending = (await syncAudienceNow(t.server, { timeoutMs: 90_000 })).pending;
  while (pending.queued > 0 && Date.now() < deadline) {
    await makeDue();
    pending = (await syncAudienceNow(t.server, { timeoutMs: 90_000 })).pending;
  }
  expect(pending).toEqual({ queued: 0, due: 0, sending: 0, dead: 0, scanning: false });
  const view = fake.audience();
  expect(segmentEmails(view, SEGMENT_NAMES.newsletter)).toEqual([...emails].sort());
  expect(view.segments.filter((segment) => segment.name === SEGMENT_NAMES.newsletter)).toHaveLength(
    1,
  );
  expect(view.contacts.filter((contact) => emails.includes(contact.email))).toHaveLength(6);
  expect(fake.stats().rateLimited).toBeGreaterThan(0);
  expect(fake.stats().failed).toBeGreaterThan(0);
}, 180_000);
