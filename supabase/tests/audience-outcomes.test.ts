import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { audienceDb, type AudienceDb } from './test-support/audience-db.ts';

// What each outcome of a request does to the audience's queue (supabase/schemas/audience.sql), with the
// mail queue's guarantees: a try that may have gone through is tried again after a backoff and is dead
// once its tries are used; a refusal is dead at once with Resend's words; a 429 holds every request of
// the team, mail included, and is not counted; a worker that dies leaves its lease to end; two workers
// never hold the same contact; mail takes the provider's pace first.
let db: TestDatabase;
let a: AudienceDb;

beforeAll(async () => {
  db = await openTestDatabase();
  a = audienceDb(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  await a.reset();
  await a.segments({ newsletter: 'seg-n', waitlist: 'seg-w' });
});

/** Whether the shared pace holds every request for at least `ms` from now. */
const paceHolds = async (ms: number) =>
  (
    await db.asSuperuser(
      `select next_send_at >= now() + make_interval(secs => $1 / 1000.0) as holds from public.mail_send_pace`,
      [ms],
    )
  ).rows[0].holds as boolean;

describe('a try that fails', () => {
  it('a creation that may have gone through keeps the address, so a member who leaves is deleted by it', async () => {
    const email = uniqueEmail('doubt');
    const id = await a.member('newsletter', email);
    const get = await a.take();
    await a.settle(get!.lease, 'missing', null, 'not found');
    const create = await a.take();
    expect(create?.step.op).toBe('create');
    expect(
      await a.settle(create!.lease, 'retry', null, 'Resend answered HTTP 500: boom', 5000),
    ).toBe('queued');
    expect(await a.contactRow(email)).toMatchObject({
      address: email,
      absent: false,
      attempts: 1,
      last_error: 'Resend answered HTTP 500: boom',
    });
    // Not before its backoff.
    expect(await a.take()).toBeNull();
    await a.unsubscribe('newsletter', id);
    await a.due();
    const remove = await a.take();
    expect(remove?.step).toEqual({ op: 'delete', contact: email });
    await a.settle(remove!.lease, 'done', {});
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toBeUndefined();
  });

  it('refused for good (an address Resend takes for no contact): dead with its words, never tried again', async () => {
    const email = uniqueEmail('refused');
    await a.member('newsletter', email);
    const get = await a.take();
    await a.settle(get!.lease, 'missing', null, 'not found');
    const create = await a.take();
    const words = 'Resend answered HTTP 422: Invalid `email` field.';
    expect(await a.settle(create!.lease, 'dead', null, words)).toBe('dead');
    await a.due();
    expect(await a.take()).toBeNull();
    const { rows } = await db.as('service_role', 'select * from public.audience_dead_letters');
    expect(rows).toEqual([expect.objectContaining({ last_error: words, lists: ['newsletter'] })]);
    // Once mended, the team tries it again.
    const { rows: again } = await db.as(
      'service_role',
      'select public.requeue_dead_audience() as n',
    );
    expect(again[0].n).toBe(1);
    expect((await a.take())?.step.op).toBe('create');
  });

  it('dead after 10 tries, with the last answer; a new change of the contact tries it afresh', async () => {
    const email = uniqueEmail('tired');
    const id = await a.member('newsletter', email);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const taken = await a.take();
      expect(taken?.attempts).toBe(attempt);
      const status = await a.settle(taken!.lease, 'retry', null, `HTTP 503 #${attempt}`, 0);
      expect(status).toBe(attempt < 10 ? 'queued' : 'dead');
    }
    expect(await a.contactRow(email)).toMatchObject({
      status: 'dead',
      last_error: 'Tried 10 times; last answer: HTTP 503 #10',
    });
    await a.unsubscribe('newsletter', id);
    expect(await a.contactRow(email)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await a.take()).toBeNull();
    expect(await a.count()).toBe(0);
  });

  it("a 429 holds the team's pace (the mail's too) and does not count; a refused key holds only the sync", async () => {
    await a.member('newsletter', uniqueEmail('slow'));
    const first = await a.take();
    expect(await a.settle(first!.lease, 'throttled', null, 'HTTP 429', 3000)).toBe('queued');
    expect(await paceHolds(2500)).toBe(true);
    await a.due();
    const second = await a.take();
    expect(second?.attempts).toBe(1);
    await db.asSuperuser(`update public.mail_send_pace set next_send_at = '-infinity'`);
    expect(
      await a.settle(second!.lease, 'released', null, 'HTTP 401: restricted_api_key', 60000),
    ).toBe('queued');
    expect(await paceHolds(0)).toBe(false);
    expect(await a.take()).toBeNull();
    const { rows } = await db.asSuperuser(
      'select attempts, last_error from public.audience_contacts',
    );
    expect(rows[0]).toEqual({ attempts: 0, last_error: 'HTTP 401: restricted_api_key' });
  });
});

describe('workers', () => {
  it('a worker that died: its lease ends and the step is taken again; with its tries used, dead', async () => {
    const email = uniqueEmail('orphan');
    await a.member('newsletter', email);
    const first = await a.take();
    expect(await a.take()).toBeNull();
    await db.asSuperuser(
      `update public.audience_contacts set leased_until = now() - interval '1 second'`,
    );
    const again = await a.take();
    expect(again?.step).toEqual(first?.step);
    expect(again?.lease).not.toBe(first?.lease);
    // The first worker's late settle changes nothing.
    expect(await a.settle(first!.lease, 'done', { id: 'c-late', unsubscribed: false })).toBeNull();
    await db.asSuperuser(
      `update public.audience_contacts set leased_until = now() - interval '1 second', attempts = 10`,
    );
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toMatchObject({
      status: 'dead',
      last_error: expect.stringMatching(/^The worker stopped while syncing, 10 times/),
    });
  });

  it('two takes at once never hold the same contact', async () => {
    for (let n = 0; n < 6; n += 1) await a.member('newsletter', uniqueEmail(`race${n}`));
    const taken = await Promise.all(Array.from({ length: 8 }, () => a.take()));
    const held = taken.filter((step) => step !== null).map((step) => step!.step.email);
    expect(held).toHaveLength(6);
    expect(new Set(held).size).toBe(6);
  });

  it("mail first: the sync's slot is refused while mail is due, and takes the clock only when it is free", async () => {
    const slot = async () =>
      (await db.as('service_role', 'select public.take_audience_send_slot(500) as wait')).rows[0]
        .wait as number;
    await db.asSuperuser(`delete from public.mail_queue`);
    expect(await slot()).toBe(0);
    // Its own slot holds the clock for 500 ms.
    const busy = await slot();
    expect(busy).toBeGreaterThan(400);
    expect(busy).toBeLessThanOrEqual(500);
    await db.asSuperuser(`update public.mail_send_pace set next_send_at = '-infinity'`);
    await a.member('newsletter', uniqueEmail('mailed'), false);
    // The sign-up's thank-you mail is due: the sync waits.
    expect(await slot()).toBe(500);
    expect(await paceHolds(0)).toBe(false);
  });
});

describe('a 404 for a contact the site made', () => {
  it('a join answered 404: a look at the contact, which is there, so the segment is gone: dead, saying so', async () => {
    const email = uniqueEmail('seg');
    await a.member('newsletter', email);
    await a.settle((await a.take())!.lease, 'missing', null);
    await a.settle((await a.take())!.lease, 'done', { id: 'c-1' });
    await a.member('waitlist', email);
    const join = await a.take();
    expect(join?.step.op).toBe('join');
    await a.settle(join!.lease, 'missing', null, 'Resend answered HTTP 404: Audience not found');
    const check = await a.take();
    expect(check?.step).toEqual({ op: 'check', contact: 'c-1' });
    await a.settle(check!.lease, 'done', { id: 'c-1', unsubscribed: false });
    expect(await a.contactRow(email)).toMatchObject({
      status: 'dead',
      last_error:
        "Resend has no segment seg-w for the waitlist list (it answered: Resend answered HTTP 404: Audience not found). Set the list's segment again (docs/audience.md).",
    });
  });

  it('a leave answered 404 for a segment that is gone is done', async () => {
    const email = uniqueEmail('left');
    await a.member('newsletter', email);
    await a.settle((await a.take())!.lease, 'missing', null);
    await a.settle((await a.take())!.lease, 'done', { id: 'c-1' });
    await db.asSuperuser(
      `update public.audience_contacts set in_segments = '{newsletter,waitlist}'`,
    );
    await db.asSuperuser(`select private.audience_touch(address_sha256, mailbox_sha256, '{}', false)
                            from public.audience_contacts`);
    const leave = await a.take();
    expect(leave?.step).toEqual({
      op: 'leave',
      contact: 'c-1',
      list: 'waitlist',
      segment: 'seg-w',
    });
    await a.settle(leave!.lease, 'missing', null, 'Resend answered HTTP 404: Audience not found');
    await a.settle((await a.take())!.lease, 'done', { id: 'c-1', unsubscribed: false });
    expect(await a.take()).toBeNull();
    expect(await a.contactRow(email)).toMatchObject({
      status: 'synced',
      in_segments: ['newsletter'],
    });
  });

  it('the contact itself gone (deleted in Resend): the address is unsubscribed here, as by its link', async () => {
    const email = uniqueEmail('deleted');
    await a.member('newsletter', email);
    await a.member('waitlist', email);
    await a.settle((await a.take())!.lease, 'missing', null);
    await a.settle((await a.take())!.lease, 'done', { id: 'c-1' });
    expect(await a.take()).toBeNull();
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason) values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced')`,
      [email],
    );
    const update = await a.take();
    expect(update?.step).toEqual({ op: 'update', contact: 'c-1', unsubscribed: true });
    await db.asSuperuser('delete from public.mail_suppressions');
    await a.settle(update!.lease, 'missing', null, 'Resend answered HTTP 404: Contact not found');
    const { rows } = await db.asSuperuser(
      `select list, mailbox_sha256 = private.mailbox_sha256($1) as same from public.email_suppressions order by list`,
      [email],
    );
    expect(rows).toEqual([
      { list: 'newsletter', same: true },
      { list: 'waitlist', same: true },
    ]);
    expect(await a.take()).toBeNull();
    expect(await a.count()).toBe(0);
  });
});
