import { randomUUID } from 'node:crypto';
import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { audienceDb, type AudienceDb } from './test-support/audience-db.ts';

// Resend's contact events as the database takes them (public.record_audience_event,
// supabase/schemas/audience-events.sql) once resend-webhook has checked their signature: an unsubscribe
// in Resend is an unsubscribe here, with the same record as the site's own link; an echo of the site's
// own change, an old event, a replay, another contact of the address or an address the site has no
// contact of change nothing.
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

interface Event {
  id?: string;
  type?: string;
  contact?: string;
  email: string;
  unsubscribed?: boolean;
  at?: string | null;
}

async function record(event: Event): Promise<string> {
  const { rows } = await db.as(
    'service_role',
    'select public.record_audience_event($1, $2, $3, $4, $5, $6) as outcome',
    [
      event.id ?? `msg_${randomUUID()}`,
      event.type ?? 'contact.updated',
      event.contact ?? 'c-1',
      event.email,
      event.unsubscribed ?? true,
      event.at === undefined ? new Date().toISOString() : event.at,
    ],
  );
  return rows[0].outcome as string;
}

/** A member of the lists whose contact 'c-1' Resend holds in their segments. */
async function synced(email: string, lists: Array<'newsletter' | 'waitlist'> = ['newsletter']) {
  for (const list of lists) await a.member(list, email);
  await a.settle((await a.take())!.lease, 'missing', null);
  await a.settle((await a.take())!.lease, 'done', { id: 'c-1' });
  expect(await a.take()).toBeNull();
}

const membersOf = async (email: string) =>
  (
    await db.asSuperuser(
      `select 'newsletter' as list from public.newsletter_subscriptions where lower(email) = lower($1)
       union all select 'waitlist' from public.waitlist_signups where lower(email) = lower($1)
       order by 1`,
      [email],
    )
  ).rows.map((row) => row.list);

const suppressions = async () =>
  (
    await db.asSuperuser(
      `select list, unsubscribed_on = current_date as today from public.email_suppressions order by list`,
    )
  ).rows;

describe("an unsubscribe in Resend (its broadcast's link) is one here", () => {
  it('unsubscribes every list whose segment holds the contact, keeping what the link keeps', async () => {
    const email = uniqueEmail('clicker');
    await synced(email, ['newsletter', 'waitlist']);
    expect(await record({ email: email.toUpperCase() })).toBe('unsubscribed');
    expect(await membersOf(email)).toEqual([]);
    expect(await suppressions()).toEqual([
      { list: 'newsletter', today: true },
      { list: 'waitlist', today: true },
    ]);
    // The contact goes from Resend too: nobody is left whom it is for.
    expect((await a.take())?.step).toEqual({ op: 'delete', contact: 'c-1' });
  });

  it('a deletion in Resend (its dashboard) unsubscribes the same way', async () => {
    const email = uniqueEmail('deleted');
    await synced(email);
    expect(await record({ email, type: 'contact.deleted', unsubscribed: false })).toBe(
      'unsubscribed',
    );
    expect(await membersOf(email)).toEqual([]);
    expect(await a.take()).toBeNull();
    expect(await a.count()).toBe(0);
  });
});

describe('what changes nothing', () => {
  it('a replayed webhook id, whatever it says', async () => {
    const email = uniqueEmail('replay');
    await synced(email);
    expect(await record({ id: 'msg_once', email, unsubscribed: false })).toBe('unchanged');
    expect(await record({ id: 'msg_once', email })).toBe('replayed');
    expect(await membersOf(email)).toEqual(['newsletter']);
  });

  it('an address the site has no contact of, or another contact of the address', async () => {
    expect(await record({ email: uniqueEmail('stranger') })).toBe('ignored');
    const email = uniqueEmail('twice');
    await synced(email);
    expect(await record({ email, contact: 'c-earlier' })).toBe('stale');
    expect(await record({ email, type: 'contact.deleted', contact: 'c-earlier' })).toBe('stale');
    expect(await membersOf(email)).toEqual(['newsletter']);
  });

  it('contact.created, and a re-subscribe in Resend: only a confirmation subscribes anyone here', async () => {
    const email = uniqueEmail('created');
    await synced(email);
    expect(await record({ email, type: 'contact.created', unsubscribed: false })).toBe('ignored');
    expect(await record({ email, unsubscribed: false })).toBe('unchanged');
    expect(await a.contactRow(email)).toMatchObject({ status: 'synced' });
  });

  it("an echo of the site's own earlier unsubscribe, arrived after the site set the contact back", async () => {
    const email = uniqueEmail('echo');
    await synced(email);
    const suppressed = `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason) values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced')`;
    await db.asSuperuser(suppressed, [email]);
    const unsubscribe = await a.take();
    expect(unsubscribe?.step).toEqual({ op: 'update', contact: 'c-1', unsubscribed: true });
    await a.settle(unsubscribe!.lease, 'done', {});
    const echoAt = new Date().toISOString();
    // The echo of the site's own change while the mailbox is suppressed: the site wants it so.
    expect(await record({ email, at: echoAt })).toBe('unchanged');
    await a.settle((await a.take())!.lease, 'done', {});
    // The team lifts the suppression: the site sets the contact back.
    await db.asSuperuser('delete from public.mail_suppressions');
    await a.settle((await a.take())!.lease, 'done', {});
    const subscribe = await a.take();
    expect(subscribe?.step).toEqual({ op: 'update', contact: 'c-1', unsubscribed: false });
    await a.settle(subscribe!.lease, 'done', {});
    // The old echo of `true`, delivered late (Resend retries): older than the site's last flag.
    expect(await record({ email, at: echoAt })).toBe('stale');
    expect(await membersOf(email)).toEqual(['newsletter']);
    // A click after it is news.
    expect(await record({ email, at: new Date(Date.now() + 1000).toISOString() })).toBe(
      'unsubscribed',
    );
  });

  it('a contact whose members are gone already: the sync is deleting it', async () => {
    const email = uniqueEmail('leaving');
    await synced(email);
    await db.asSuperuser('delete from public.newsletter_subscriptions');
    expect(await record({ email })).toBe('unchanged');
    expect(await record({ email, type: 'contact.deleted' })).toBe('unchanged');
  });

  it('an event that names no contact is refused here too (the function refuses it first, 400)', async () => {
    await expect(record({ email: 'not an address' })).rejects.toThrow(/names its contact/);
    await expect(record({ email: 'a@example.com', contact: '' })).rejects.toThrow(
      /names its contact/,
    );
  });
});

describe('a re-subscribe in Resend of a contact the site mails no more', () => {
  it('is set back to unsubscribed by the sync', async () => {
    const email = uniqueEmail('bounced');
    await synced(email);
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, reason) values (private.mailbox_sha256($1), 'complained')`,
      [email],
    );
    await a.settle((await a.take())!.lease, 'done', {});
    await a.settle((await a.take())!.lease, 'done', {});
    expect(await a.take()).toBeNull();
    expect(
      await record({ email, unsubscribed: false, at: new Date(Date.now() + 1000).toISOString() }),
    ).toBe('reasserted');
    expect((await a.take())?.step).toEqual({ op: 'update', contact: 'c-1', unsubscribed: true });
    expect(await membersOf(email)).toEqual(['newsletter']);
  });
});
