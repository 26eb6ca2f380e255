import {
  asCaller,
  openTestDatabase,
  uniqueEmail,
  type TestDatabase,
} from '@agentora/local-supabase/testing';
import { audienceDb, type AudienceDb } from './test-support/audience-db.ts';
import {
  fixtureAuthEmail,
  insertLiveSession,
  insertSignedInStaff,
  sessionClaims,
} from './test-support/staff-auth.ts';

// What staff see of the audience (supabase/schemas/audience-views.sql): per list, the contacts the site
// made the segment hold, the changes waiting and the dead ones with their reasons (console_audience),
// and whether Resend has each confirmed row of a page (console_audience_states). Staff only.
let db: TestDatabase;
let a: AudienceDb;
const staffClaims = sessionClaims(fixtureAuthEmail(9));
const outsiderClaims = sessionClaims('audience.outsider@example.com');

beforeAll(async () => {
  db = await openTestDatabase();
  a = audienceDb(db);
  await insertSignedInStaff(db.asSuperuser, 'audience.staff@example.com', staffClaims);
  await insertLiveSession(db.asSuperuser, outsiderClaims);
});
afterAll(() => db.close());
beforeEach(async () => {
  await a.reset();
  await a.segments({ newsletter: 'seg-n', waitlist: 'seg-w' });
});

interface ListView {
  list: string;
  [key: string]: unknown;
}
interface Overview {
  lists: ListView[];
  oldest_waiting: string | null;
  [key: string]: unknown;
}

type Caller = { role: 'anon' | 'authenticated' | 'service_role'; claims: Record<string, unknown> };
const staff: Caller = { role: 'authenticated', claims: staffClaims };

async function call(sql: string, values: unknown[] = [], caller: Caller = staff) {
  try {
    const { rows } = await asCaller(db.database, caller, (q) => q.query(sql, values));
    return { data: rows[0].r as Overview, error: null };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { data: null, error: { code, message } };
  }
}

const overview = (caller?: Caller) => call('select public.console_audience() as r', [], caller);
const states = (list: string, ids: string[], caller?: Caller) =>
  call(
    'select public.console_audience_states($1, $2::jsonb) as r',
    [list, JSON.stringify(ids)],
    caller,
  );

/** Takes and settles steps until none is due: creations answered, anything else done. */
async function syncAll(
  answer: (op: string, email?: unknown) => [string, Record<string, unknown> | null, string?],
) {
  for (let taken = await a.take(); taken; taken = await a.take()) {
    const [outcome, result, detail] = answer(taken.step.op, taken.step.email);
    await a.settle(taken.lease, outcome, result, detail ?? null, 0);
  }
}

describe('the console', () => {
  it('per list: contacts in the segment, changes waiting, failures with their reason', async () => {
    const ok = [uniqueEmail('ok1'), uniqueEmail('ok2')];
    const bad = uniqueEmail('bad');
    for (const email of [...ok, bad]) await a.member('newsletter', email);
    const waiting = uniqueEmail('waiting');
    let n = 0;
    await syncAll((op, email) =>
      op === 'get'
        ? ['missing', null]
        : email === bad
          ? ['dead', null, 'Resend answered HTTP 422: Invalid `email` field.']
          : ['done', { id: `c-${(n += 1)}` }],
    );
    await a.member('waitlist', waiting);
    const { data } = await overview();
    const newsletter = data!.lists.find((list) => list.list === 'newsletter');
    expect(newsletter).toMatchObject({
      name: 'Agentora newsletter',
      segment_id: 'seg-n',
      contacts: 2,
      waiting: 0,
      failed: 1,
      failures: [{ reason: 'Resend answered HTTP 422: Invalid `email` field.', count: 1 }],
    });
    expect(data!.lists.find((list) => list.list === 'waitlist')).toMatchObject({
      contacts: 0,
      waiting: 1,
      failed: 0,
    });
    expect(data!.oldest_waiting).not.toBeNull();
    expect(JSON.stringify(data)).not.toMatch(/@/);
  });

  it("a row's state: in the segment, waiting, failed, unsubscribed, absent; unconfirmed rows left out", async () => {
    const emails = {
      in: uniqueEmail('in'),
      failed: uniqueEmail('failed'),
      kept: uniqueEmail('kept'),
    };
    const ids: Record<string, string> = {};
    for (const [key, email] of Object.entries(emails))
      ids[key] = await a.member('newsletter', email);
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason) values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced')`,
      [emails.kept],
    );
    await syncAll((op, email) =>
      op === 'get'
        ? ['missing', null]
        : email === emails.failed
          ? ['dead', null, 'Resend answered HTTP 422: no']
          : ['done', { id: `c-${String(email)}` }],
    );
    ids.waiting = await a.member('newsletter', uniqueEmail('waiting'));
    ids.unconfirmed = await a.member('newsletter', uniqueEmail('unconfirmed'), false);
    ids.absent = await a.member('newsletter', uniqueEmail('absent'));
    await db.asSuperuser(
      `delete from public.audience_contacts where address_sha256 = (select private.address_sha256(email) from public.newsletter_subscriptions where id = $1)`,
      [ids.absent],
    );
    const { data } = await states('newsletter', Object.values(ids));
    expect(data).toEqual({
      [ids.in]: { state: 'in_segment', reason: null },
      [ids.failed]: { state: 'failed', reason: 'Resend answered HTTP 422: no' },
      [ids.kept]: { state: 'unsubscribed', reason: null },
      [ids.waiting]: { state: 'waiting', reason: null },
      [ids.absent]: { state: 'absent', reason: null },
    });
  });

  it('staff only; a list without a segment or too many ids is refused', async () => {
    for (const read of [() => overview(outsider), () => states('newsletter', [], outsider)]) {
      expect((await read()).error).toEqual({ code: '42501', message: 'Staff only' });
    }
    for (const role of ['anon', 'service_role'] as const) {
      expect((await overview({ role, claims: { role } })).error?.code).toBe('42501');
    }
    expect((await states('career', [])).error?.code).toBe('22023');
    const many = Array.from({ length: 201 }, () => '00000000-0000-4000-8000-000000000000');
    expect((await states('newsletter', many)).error?.code).toBe('22023');
  });
});

const outsider: Caller = { role: 'authenticated', claims: outsiderClaims };
