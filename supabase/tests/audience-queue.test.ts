import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { audienceDb, type AudienceDb } from './test-support/audience-db.ts';

// The audience's queue (supabase/schemas/audience.sql) below the HTTP layer, on PGlite or PostgreSQL:
// which request the database hands out for each state of the site's rows, and what each outcome does.
// The test plays the worker: it takes a step and settles it with the answer Resend would give.
let db: TestDatabase;
let a: AudienceDb;

beforeAll(async () => {
  db = await openTestDatabase();
  a = audienceDb(db);
});
afterAll(() => db.close());
beforeEach(() => a.reset());

/** Takes the next step, checks it is `op` (and its fields), settles it as told; the step. */
async function expectStep(
  op: string,
  fields: Record<string, unknown>,
  outcome: string,
  result: Record<string, unknown> | null = {},
  detail: string | null = null,
) {
  const taken = await a.take();
  expect(taken?.step).toEqual({ op, ...fields });
  await a.settle(taken!.lease, outcome, result, detail, 0);
  return taken!;
}

/** A newsletter member whose contact Resend holds (in the segment 'seg-n'), as 'c-<n>'. */
async function syncedMember(
  email: string,
  contact: string,
  list: 'newsletter' | 'waitlist' = 'newsletter',
) {
  await a.segments({ newsletter: 'seg-n', waitlist: 'seg-w' });
  const id = await a.member(list, email);
  const address = email.toLowerCase();
  await expectStep(
    'get',
    { email: address },
    'missing',
    null,
    'Resend answered HTTP 404: Contact not found',
  );
  await expectStep(
    'create',
    {
      email: address,
      unsubscribed: false,
      lists: [list],
      segments: [list === 'newsletter' ? 'seg-n' : 'seg-w'],
    },
    'done',
    { id: contact },
  );
  expect(await a.take()).toBeNull();
  return id;
}

describe('a member reaches Resend when they confirm, never before', () => {
  it('queues nothing for an unconfirmed sign-up, and the confirmation queues its contact', async () => {
    const email = uniqueEmail('Later');
    const id = await a.member('newsletter', email, false);
    expect(await a.count()).toBe(0);
    expect(await a.take()).toBeNull();
    await a.confirm('newsletter', id);
    expect(await a.contactRow(email)).toMatchObject({
      status: 'queued',
      priority: 0,
      lists: ['newsletter'],
      contact_id: null,
      address: null,
    });
  });

  it('finds or makes the segment once, looks for the contact, then makes it in the segment, by its lower-case address', async () => {
    const email = uniqueEmail('First');
    await a.member('newsletter', email);
    await expectStep(
      'find_segment',
      { list: 'newsletter', name: 'Agentora newsletter' },
      'done',
      {},
    );
    await expectStep(
      'create_segment',
      { list: 'newsletter', name: 'Agentora newsletter' },
      'done',
      {
        segment_id: 'seg-n',
      },
    );
    await expectStep('get', { email: email.toLowerCase() }, 'missing', null, 'not found');
    await expectStep(
      'create',
      {
        email: email.toLowerCase(),
        unsubscribed: false,
        lists: ['newsletter'],
        segments: ['seg-n'],
      },
      'done',
      { id: 'c-1' },
    );
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toMatchObject({
      status: 'synced',
      contact_id: 'c-1',
      in_segments: ['newsletter'],
      unsubscribed: false,
      address: null,
      attempts: 0,
    });
    // A second member finds the segment known.
    const second = uniqueEmail('second');
    await a.member('newsletter', second);
    expect((await a.take())?.step).toEqual({ op: 'get', email: second });
  });

  it('takes a segment of the name Resend already has', async () => {
    await a.member('waitlist', uniqueEmail('w'));
    await expectStep('find_segment', { list: 'waitlist', name: 'Agentora waitlist' }, 'done', {
      segment_id: 'seg-existing',
    });
    const { rows } = await db.asSuperuser(
      `select segment_id from public.audience_segments where list = 'waitlist'`,
    );
    expect(rows[0].segment_id).toBe('seg-existing');
    expect((await a.take())?.step.op).toBe('get');
  });

  it('a making of the segment that may have gone through looks again before making another', async () => {
    await a.member('newsletter', uniqueEmail('n'));
    await expectStep(
      'find_segment',
      { list: 'newsletter', name: 'Agentora newsletter' },
      'done',
      {},
    );
    await expectStep(
      'create_segment',
      { list: 'newsletter', name: 'Agentora newsletter' },
      'retry',
      null,
      'HTTP 500',
    );
    await db.asSuperuser('update public.audience_segments set available_at = now()');
    await a.due();
    expect((await a.take())?.step.op).toBe('find_segment');
  });

  it('a contact Resend already had: its id and segments are asked, and it joins the one it lacks', async () => {
    await a.segments({ newsletter: 'seg-n', waitlist: 'seg-w' });
    const email = uniqueEmail('known');
    await a.member('newsletter', email);
    await expectStep('get', { email }, 'done', { id: 'c-old', unsubscribed: false });
    await expectStep('memberships', { contact: 'c-old' }, 'done', {
      segment_ids: ['seg-w', 'other'],
    });
    // In the waitlist's segment without being a member there: it leaves it first, then joins its own.
    await expectStep('leave', { contact: 'c-old', list: 'waitlist', segment: 'seg-w' }, 'done');
    await expectStep('join', { contact: 'c-old', list: 'newsletter', segment: 'seg-n' }, 'done');
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toMatchObject({
      in_segments: ['newsletter'],
      status: 'synced',
    });
  });
});

describe("the site's changes reach Resend", () => {
  it('an unsubscribe while the confirmation still waits leaves Resend nothing to do', async () => {
    await a.segments({ newsletter: 'seg-n' });
    const email = uniqueEmail('quick');
    const id = await a.member('newsletter', email);
    await a.unsubscribe('newsletter', id);
    expect(await a.take()).toBeNull();
    expect(await a.count()).toBe(0);
  });

  it('an unsubscribe from the last list deletes the contact, and the row goes', async () => {
    const email = uniqueEmail('leaving');
    const id = await syncedMember(email, 'c-1');
    await a.unsubscribe('newsletter', id);
    expect(await a.contactRow(email)).toMatchObject({ status: 'queued', lists: ['newsletter'] });
    await expectStep('delete', { contact: 'c-1' }, 'done');
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toBeUndefined();
  });

  it('an unsubscribe from one of two lists leaves that segment only', async () => {
    const email = uniqueEmail('both');
    const news = await syncedMember(email, 'c-1');
    await a.member('waitlist', email);
    await expectStep('join', { contact: 'c-1', list: 'waitlist', segment: 'seg-w' }, 'done');
    expect(await a.take()).toBeNull();
    await a.unsubscribe('newsletter', news);
    await expectStep('leave', { contact: 'c-1', list: 'newsletter', segment: 'seg-n' }, 'done');
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toMatchObject({
      in_segments: ['waitlist'],
      contact_id: 'c-1',
    });
  });

  it('an erasure deletes the contact (its rows go, whatever the list)', async () => {
    const email = uniqueEmail('erased');
    await syncedMember(email, 'c-1');
    await db.asSuperuser(
      `delete from public.newsletter_subscriptions where private.mailbox_sha256(email) = private.mailbox_sha256($1)`,
      [email],
    );
    await expectStep('delete', { contact: 'c-1' }, 'done');
    expect(await a.take()).toBeNull();
    expect(await a.count()).toBe(0);
  });

  it('a bounce or complaint marks the contact unsubscribed, flag first, and out of its segments; lifted, it is back', async () => {
    const email = uniqueEmail('bouncy');
    await syncedMember(email, 'c-1');
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason) values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced')`,
      [email],
    );
    await expectStep('update', { contact: 'c-1', unsubscribed: true }, 'done');
    await expectStep('leave', { contact: 'c-1', list: 'newsletter', segment: 'seg-n' }, 'done');
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toMatchObject({
      unsubscribed: true,
      in_segments: [],
      status: 'synced',
    });
    await db.asSuperuser('delete from public.mail_suppressions');
    await expectStep('join', { contact: 'c-1', list: 'newsletter', segment: 'seg-n' }, 'done');
    await expectStep('update', { contact: 'c-1', unsubscribed: false }, 'done');
    expect(await a.take()).toBeNull();
  });

  it("a bounce is one address's: the mailbox's other addresses keep their contacts; a complaint is the mailbox's", async () => {
    const local = uniqueEmail('dana').split('@')[0];
    const tagged = `${local}+launch@corp.example`;
    const plain = `${local}@corp.example`;
    await syncedMember(tagged, 'c-1', 'waitlist');
    await syncedMember(plain, 'c-2');
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason) values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced')`,
      [tagged],
    );
    await expectStep('update', { contact: 'c-1', unsubscribed: true }, 'done');
    await expectStep('leave', { contact: 'c-1', list: 'waitlist', segment: 'seg-w' }, 'done');
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(plain)).toMatchObject({
      unsubscribed: false,
      in_segments: ['newsletter'],
      status: 'synced',
    });
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, reason) values (private.mailbox_sha256($1), 'complained')`,
      [plain],
    );
    await expectStep('update', { contact: 'c-2', unsubscribed: true }, 'done');
    await expectStep('leave', { contact: 'c-2', list: 'newsletter', segment: 'seg-n' }, 'done');
    expect(await a.take()).toBeNull();
  });

  it('a member of a suppressed mailbox is made unsubscribed, in no segment', async () => {
    await a.segments({ newsletter: 'seg-n' });
    const email = uniqueEmail('gone');
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, reason) values (private.mailbox_sha256($1), 'complained')`,
      [email],
    );
    await a.member('newsletter', email);
    await expectStep('get', { email }, 'missing', null);
    await expectStep('create', { email, unsubscribed: true, lists: [], segments: [] }, 'done', {
      id: 'c-9',
    });
    expect(await a.take()).toBeNull();
  });
});
