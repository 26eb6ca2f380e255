import { randomUUID } from 'node:crypto';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { storeMembers, type StoredMember } from './test-support/launch-waves.ts';

// Bulk mail (a launch wave's invitations and reminders) below the HTTP layer, on PGlite and on
// PostgreSQL (test-postgres). A wave queues 10,000 messages in one statement, so the queue holds bulk
// messages to suppressed addresses once per statement (private.mail_queue_hold_suppressed_bulk,
// supabase/schemas/mail-delivery.sql) instead of a row trigger per message, and refuses bulk mail of a
// kind the budget of unconfirmed mail counts (mail-budget.sql). Whatever inserts them, the rule is the
// one every message is held to: a bounce holds the address that bounced, a complaint the whole mailbox.
// And an invitation is still one per sign-up, reminder and link, its indexes holding only the rows set.

let db: TestDatabase;
let wave: number;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  for (const table of [
    'public.invitations',
    'public.launch_waves',
    'public.mail_queue',
    'public.mail_suppressions',
    'public.early_access_signups',
  ]) {
    await db.asSuperuser(`delete from ${table}`);
  }
  const { rows } = await db.asSuperuser(
    `insert into public.launch_waves (list, rule, next_count, status, starts_at, created_by, started_at, outcome)
     values ('early_access', 'next', 10, 'started', now(), 'bulk.staff@example.com', now(), '{}')
     returning id`,
  );
  wave = Number(rows[0].id);
});

const tagged = (email: string) => email.replace('@', '+other@');

async function members(count: number): Promise<StoredMember[]> {
  const start = Date.parse('2026-04-01T00:00:00Z');
  return storeMembers(
    db,
    'early_access',
    Array.from({ length: count }, (_, n) => ({
      createdAt: new Date(start + n * 60_000),
      confirmedAt: new Date(start + n * 60_000 + 1000),
    })),
  );
}

/** Each member an invitation and its bulk 'invite' message, all in one statement, as a wave writes them. */
async function invite(invitees: readonly StoredMember[]): Promise<string[]> {
  const messages = invitees.map(() => randomUUID());
  await db.asSuperuser(
    `with invited as (
       insert into public.invitations (wave_id, list, early_access_id, place, expires_at, message_id)
       select $1, 'early_access', m.id, m.n, now() + interval '30 days', m.message
         from unnest($2::uuid[], $3::uuid[]) with ordinality as m(id, message, n)
       returning message_id, early_access_id
     )
     insert into public.mail_queue (id, kind, list, early_access_id, bulk)
     select i.message_id, 'invite', 'early_access', i.early_access_id, true from invited i`,
    [wave, invitees.map((member) => member.id), messages],
  );
  return messages;
}

async function states(ids: readonly string[]) {
  const { rows } = await db.asSuperuser(
    `select q.status, q.last_error, i.mail_failed_at is not null as failed
       from unnest($1::uuid[]) with ordinality as m(id, n)
       join public.mail_queue q on q.id = m.id
       left join public.invitations i on i.message_id = q.id
      order by m.n`,
    [ids],
  );
  return rows;
}

describe('bulk messages to suppressed addresses', () => {
  it('are dead at once, held as one message is: the address that bounced, the mailbox that complained', async () => {
    const [bounced, complained, otherBounced, kept] = await members(4);
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason)
       values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced'),
              (private.mailbox_sha256($2), null, 'complained'),
              (private.mailbox_sha256($3), private.address_sha256($3), 'bounced')`,
      [bounced.email, tagged(complained.email), tagged(otherBounced.email)],
    );

    const messages = await invite([bounced, complained, otherBounced, kept]);

    const dead = { status: 'dead', last_error: 'suppressed', failed: true };
    const queued = { status: 'queued', last_error: null, failed: false };
    expect(await states(messages)).toEqual([dead, dead, queued, queued]);
  });

  it('a reminder too; and a held one sent back to the queue stays dead', async () => {
    const [invitee, kept] = await members(2);
    const [message] = await invite([invitee, kept]);
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, reason)
       values (private.mailbox_sha256($1), 'complained')`,
      [invitee.email],
    );
    // The invitation's own message was queued before the complaint, which settled it.
    expect(await states([message])).toEqual([
      { status: 'dead', last_error: 'suppressed', failed: true },
    ]);

    const reminders = [randomUUID(), randomUUID()];
    await db.asSuperuser(
      `insert into public.mail_queue (id, kind, list, early_access_id, bulk)
       select r.id, 'invite_reminder', 'early_access', r.member, true
         from unnest($1::uuid[], $2::uuid[]) as r(id, member)`,
      [reminders, [invitee.id, kept.id]],
    );
    expect((await states(reminders)).map((row) => row.status)).toEqual(['dead', 'queued']);

    const { rows } = await db.as('service_role', 'select public.requeue_dead_mail() as n');
    expect(rows[0].n).toBe(2);
    expect((await states([message, ...reminders])).map((row) => row.status)).toEqual([
      'dead',
      'dead',
      'queued',
    ]);
  });
});

it('refuses bulk mail of a kind counted against the budget of unconfirmed mail, storing nothing', async () => {
  const [member, other] = await members(2);
  await expect(
    db.asSuperuser(
      `insert into public.mail_queue (id, kind, list, early_access_id, bulk)
       values (gen_random_uuid(), 'invite', 'early_access', $1, true),
              (gen_random_uuid(), 'thank_you', 'early_access', $2, true)`,
      [member.id, other.id],
    ),
  ).rejects.toMatchObject({
    code: '22023',
    message: expect.stringMatching(/Bulk mail goes to confirmed/),
  });
  const { rows } = await db.asSuperuser('select count(*)::integer as n from public.mail_queue');
  expect(rows[0].n).toBe(0);
});

it('keeps one invitation per sign-up, per reminder and per link', async () => {
  const [first, second] = await members(2);
  await invite([first, second]);
  await expect(invite([first])).rejects.toMatchObject({ code: '23505' });
  const reminder = randomUUID();
  const hash = 'a'.repeat(64);
  await db.asSuperuser(
    `update public.invitations set reminder_id = $1, reminded_at = now(), token_hash = $2
      where early_access_id = $3`,
    [reminder, hash, first.id],
  );
  for (const [column, value] of [
    ['reminder_id', reminder],
    ['token_hash', hash],
  ]) {
    await expect(
      db.asSuperuser(
        `update public.invitations set ${column} = $1${column === 'reminder_id' ? ', reminded_at = now()' : ''}
          where early_access_id = $2`,
        [value, second.id],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  }
});
