import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { audienceDb, type AudienceDb } from './test-support/audience-db.ts';

// The backfill (supabase/schemas/audience-backfill.sql): every confirmed member the sync has not made a
// contact of is queued behind the site's own changes, once; one look at what Resend holds learns the
// contacts already there and knows the others absent, so each is made in one request; a second run
// queues only what is missing; a list pointed at another segment has its contacts join it.
let db: TestDatabase;
let a: AudienceDb;

beforeAll(async () => {
  db = await openTestDatabase();
  a = audienceDb(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  await a.reset();
  await a.segments({ newsletter: 'seg-n', waitlist: 'seg-w', early_access: 'seg-e' });
});

/** Members stored before the sync existed: their rows queued nothing. */
async function membersBefore(emails: Array<[list: 'newsletter' | 'waitlist', email: string]>) {
  for (const [list, email] of emails) await a.member(list, email);
  await db.asSuperuser('delete from public.audience_contacts');
}

const backfill = async (list: string | null = null) =>
  (await db.as('service_role', 'select public.audience_backfill($1) as n', [list])).rows[0]
    .n as number;

describe('the backfill', () => {
  it('queues each confirmed address once, behind the changes made on the site, and looks at Resend first', async () => {
    const [ada, bob, cy] = [uniqueEmail('ada'), uniqueEmail('bob'), uniqueEmail('cy')];
    await membersBefore([
      ['newsletter', ada],
      ['waitlist', ada],
      ['newsletter', bob],
      ['waitlist', cy],
    ]);
    await a.member('newsletter', uniqueEmail('unconfirmed'), false);
    expect(await backfill()).toBe(3);
    expect(await a.contactRow(ada)).toMatchObject({
      priority: 1,
      lists: ['newsletter', 'waitlist'],
      status: 'queued',
    });
    // A confirmation made now goes first, even during the look.
    const live = uniqueEmail('live');
    await a.member('newsletter', live);
    expect((await a.take())?.step).toEqual({ op: 'get', email: live });
    const scan = await a.take();
    expect(scan?.step).toEqual({ op: 'scan', after: null });
    // Nothing else while the look is under way.
    expect(await a.take()).toBeNull();
    // Resend has bob already; the page ends the list.
    await a.settle(scan!.lease, 'done', {
      data: [{ id: 'c-bob', email: bob, unsubscribed: false }],
      has_more: false,
    });
    const steps = [];
    for (let taken = await a.take(); taken; taken = await a.take()) {
      steps.push(taken.step);
      await a.settle(
        taken.lease,
        'done',
        taken.step.op === 'create' ? { id: `c-${String(taken.step.email).slice(0, 3)}` } : {},
      );
    }
    expect(steps).toEqual(
      expect.arrayContaining([
        {
          op: 'create',
          email: ada,
          unsubscribed: false,
          lists: ['newsletter', 'waitlist'],
          segments: ['seg-n', 'seg-w'],
        },
        { op: 'create', email: cy, unsubscribed: false, lists: ['waitlist'], segments: ['seg-w'] },
        { op: 'memberships', contact: 'c-bob' },
      ]),
    );
    // One request each for ada and cy: no look at each contact.
    expect(steps.filter((step) => step.op === 'get')).toEqual([]);
    // Run again: nothing is missing.
    expect(await backfill()).toBe(0);
  });

  it('pages through Resend from where it was, after a worker died mid-look', async () => {
    const email = uniqueEmail('paged');
    await membersBefore([['newsletter', email]]);
    await backfill();
    const first = await a.take();
    await a.settle(first!.lease, 'done', {
      data: [{ id: 'c-x', email: uniqueEmail('someone'), unsubscribed: false }],
      has_more: true,
    });
    const second = await a.take();
    expect(second?.step).toEqual({ op: 'scan', after: 'c-x' });
    // The worker dies: its lease ends, and the same page is asked again.
    await db.asSuperuser(
      `update public.audience_scan set leased_until = now() - interval '1 second'`,
    );
    expect((await a.take())?.step).toEqual({ op: 'scan', after: 'c-x' });
  });

  it("a contact Resend had unsubscribed (its owner left the team's earlier import): unsubscribed here", async () => {
    const email = uniqueEmail('left-before');
    await membersBefore([['newsletter', email]]);
    await backfill('newsletter');
    const scan = await a.take();
    await a.settle(scan!.lease, 'done', {
      data: [{ id: 'c-old', email, unsubscribed: true }],
      has_more: false,
    });
    const { rows } = await db.asSuperuser(
      'select count(*)::integer as n from public.newsletter_subscriptions',
    );
    expect(rows[0].n).toBe(0);
    expect((await db.asSuperuser('select list from public.email_suppressions')).rows).toEqual([
      { list: 'newsletter' },
    ]);
  });

  it('but a new confirmation after it puts them back', async () => {
    const email = uniqueEmail('back');
    await a.member('newsletter', email);
    const get = await a.take();
    await a.settle(get!.lease, 'done', { id: 'c-old', unsubscribed: true });
    await a.settle((await a.take())!.lease, 'done', { segment_ids: [] });
    await a.settle((await a.take())!.lease, 'done', {});
    expect((await a.take())?.step).toEqual({ op: 'update', contact: 'c-old', unsubscribed: false });
    expect(
      (await db.asSuperuser('select count(*)::integer as n from public.newsletter_subscriptions'))
        .rows[0].n,
    ).toBe(1);
  });

  it('a look that fails its tries gives up, and each contact is looked at alone', async () => {
    const email = uniqueEmail('alone');
    await membersBefore([['newsletter', email]]);
    await backfill();
    await db.asSuperuser('update public.audience_scan set attempts = 9');
    const scan = await a.take();
    expect(await a.settle(scan!.lease, 'retry', null, 'HTTP 503')).toBe('scan');
    expect((await db.asSuperuser('select gave_up from public.audience_scan')).rows[0].gave_up).toBe(
      true,
    );
    expect((await a.take())?.step).toEqual({ op: 'get', email });
  });

  it('refuses a list without a segment', async () => {
    await expect(backfill('career')).rejects.toThrow(/not a list with a segment/);
  });
});

describe('a list pointed at another segment', () => {
  it('has every contact of the old one join the new one, behind the changes made on the site', async () => {
    const email = uniqueEmail('moved');
    await a.member('newsletter', email);
    await a.settle((await a.take())!.lease, 'missing', null);
    await a.settle((await a.take())!.lease, 'done', { id: 'c-1' });
    const { rows } = await db.as(
      'service_role',
      "select public.audience_use_segment('newsletter', 'seg-new') as n",
    );
    expect(rows[0].n).toBe(1);
    expect((await a.take())?.step).toEqual({
      op: 'join',
      contact: 'c-1',
      list: 'newsletter',
      segment: 'seg-new',
    });
  });
});
