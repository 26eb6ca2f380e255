import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { LAUNCH_WAVES } from '../functions/_shared/rules/launch-waves.ts';
import {
  call,
  counts,
  idsByPlace,
  invitedIds,
  staffMember,
  storeLineWithReferrals,
  storeMembers,
  waveArgs,
  type Caller,
  type WaveAnswer,
} from './test-support/launch-waves.ts';

// Launch waves (supabase/schemas/launch-waves.sql, docs/launch-waves.md) below the HTTP layer, on PGlite
// and on PostgreSQL (test-postgres, where two transactions really run at once): who a wave invites, in
// the line's order as members see it; that it invites them once; what it passes over and why; and what
// it refuses, changing nothing. Each test starts from empty lists.

let db: TestDatabase;
let staff: Caller;
let otherStaff: Caller;
const STAFF = 'waves.staff@example.com';

beforeAll(async () => {
  db = await openTestDatabase();
  staff = await staffMember(db, 1, STAFF);
  otherStaff = await staffMember(db, 2, 'waves.other@example.com');
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.asSuperuser('delete from public.staff_audit_log');
  await db.asSuperuser('delete from public.invitations');
  await db.asSuperuser('delete from public.launch_waves');
  await db.asSuperuser('delete from public.mail_queue');
  await db.asSuperuser('delete from public.email_suppressions');
  await db.asSuperuser('delete from public.mail_suppressions');
  await db.asSuperuser('delete from public.early_access_signups');
  await db.asSuperuser('delete from public.waitlist_signups');
});

const wave = (caller: Caller, args: Record<string, unknown>) =>
  call<WaveAnswer>(db, caller, 'console_invite_wave', waveArgs(args));

it('holds the same numbers as rules/launch-waves.ts', async () => {
  const { rows } = await db.asSuperuser('select * from private.launch_wave_rules()');
  expect(rows[0]).toEqual({
    max_wave: LAUNCH_WAVES.maxWave,
    max_chosen: LAUNCH_WAVES.maxChosen,
    invite_days: LAUNCH_WAVES.inviteDays,
    min_reminder_days: LAUNCH_WAVES.reminderDays.min,
    max_reminder_days: LAUNCH_WAVES.reminderDays.max,
  });
});

describe('the next N of early access', () => {
  it('a dry run names places 1 to 100 exactly as signup_place ranks them, and changes nothing', async () => {
    await storeLineWithReferrals(db, 'early_access', 300);
    const ranked = await idsByPlace(db, 'early_access');
    const before = await counts(db);

    const { data, error } = await call<WaveAnswer>(db, staff, 'console_invite_wave', {
      p_list: 'early_access',
      p_count: 100,
      p_dry_run: true,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      wave: null,
      dry_run: true,
      invited: 100,
      first_place: 1,
      last_place: 100,
      skipped: { total: 0 },
    });
    expect(await counts(db)).toEqual(before);

    // The plan is the fingerprint of exactly those 100, in that order.
    const { rows } = await db.asSuperuser(
      `select encode(sha256(convert_to('early_access:' || array_to_string($1::uuid[], ','), 'UTF8')), 'hex') as plan`,
      [ranked.slice(0, 100)],
    );
    expect(data.plan).toBe(rows[0].plan);
  });

  it('sending invites exactly those, once, each with one bulk invite message, and logs the wave', async () => {
    await storeLineWithReferrals(db, 'early_access', 300);
    const ranked = await idsByPlace(db, 'early_access');
    const dry = await wave(staff, { p_count: 100 });

    const sent = await wave(staff, { p_count: 100, p_dry_run: false, p_expect: dry.data.plan });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({
      status: 'started',
      invited: 100,
      first_place: 1,
      last_place: 100,
      plan: dry.data.plan,
    });
    expect(await invitedIds(db)).toEqual(ranked.slice(0, 100));
    const { rows: places } = await db.asSuperuser(
      `select i.place, (public.signup_place('early_access', i.early_access_id) ->> 'position')::bigint as now
         from public.invitations i order by i.place`,
    );
    expect(places.map((row) => Number(row.place))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(places.every((row) => Number(row.place) === Number(row.now))).toBe(true);
    const { rows: mails } = await db.asSuperuser(
      `select q.kind, q.list, q.bulk, q.status, count(*)::integer as n
         from public.mail_queue q join public.invitations i on i.message_id = q.id
        group by 1, 2, 3, 4`,
    );
    expect(mails).toEqual([
      { kind: 'invite', list: 'early_access', bulk: true, status: 'queued', n: 100 },
    ]);
    const { rows: lines } = await db.asSuperuser(
      `select actor, action, subject_kind, subject_id, detail from public.staff_audit_log
        where action = 'invite_wave'`,
    );
    expect(lines).toEqual([
      {
        actor: STAFF,
        action: 'invite_wave',
        subject_kind: 'early_access',
        subject_id: null,
        detail: expect.objectContaining({
          wave: sent.data.wave,
          rule: 'next',
          count: 100,
          status: 'started',
          invited: 100,
          first_place: 1,
          last_place: 100,
        }),
      },
    ]);

    // The next wave starts where this one ended; nobody is invited twice.
    const next = await wave(staff, { p_count: 100, p_dry_run: false });
    expect(next.data).toMatchObject({
      invited: 100,
      first_place: 101,
      last_place: 200,
      skipped: { already_invited: 100, total: 100 },
    });
    expect(await invitedIds(db)).toEqual(ranked.slice(0, 200));
  });

  it('two staff sending the next 50 at the same moment invite places 101 to 200 between them', async () => {
    await storeLineWithReferrals(db, 'early_access', 300);
    const ranked = await idsByPlace(db, 'early_access');
    await wave(staff, { p_count: 100, p_dry_run: false });

    const [a, b] = await Promise.all([
      wave(staff, { p_count: 50, p_dry_run: false }),
      wave(otherStaff, { p_count: 50, p_dry_run: false }),
    ]);
    expect([a.error, b.error]).toEqual([null, null]);
    const ranges = [a.data, b.data]
      .map((answer) => [answer.first_place, answer.last_place])
      .sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(ranges).toEqual([
      [101, 150],
      [151, 200],
    ]);
    const invited = await invitedIds(db);
    expect(new Set(invited).size).toBe(200);
    expect(invited.sort()).toEqual(ranked.slice(0, 200).sort());
  });

  it('passes over, and counts, the unconfirmed, unsubscribed, bounced and complained', async () => {
    const start = Date.parse('2026-02-01T00:00:00Z');
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const members = await storeMembers(
      db,
      'early_access',
      Array.from({ length: 12 }, (_, n) => ({
        createdAt: at(n),
        confirmedAt: n === 2 || n === 5 ? null : at(n + 0.5),
      })),
    );
    // A sign-up made after everyone the wave reaches is not counted.
    await storeMembers(db, 'early_access', [{ createdAt: at(100), confirmedAt: null }]);
    await db.asSuperuser(
      `insert into public.email_suppressions (mailbox_sha256, list)
       values (private.mailbox_sha256($1), 'early_access')`,
      [members[3].email],
    );
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason)
       values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced'),
              (private.mailbox_sha256($2), null, 'complained')`,
      [members[4].email, members[6].email],
    );

    const { data } = await wave(staff, { p_count: 5, p_dry_run: false });
    // Confirmed members 0 1 3 4 6 7 8 9 …: 3, 4 and 6 are passed over, so the 5th is member 9, at place 8.
    expect(data).toMatchObject({
      invited: 5,
      first_place: 1,
      last_place: 8,
      skipped: {
        already_invited: 0,
        unconfirmed: 2,
        unsubscribed: 1,
        bounced: 1,
        complained: 1,
        not_on_list: 0,
        total: 5,
      },
    });
    expect(await invitedIds(db)).toEqual([0, 1, 7, 8, 9].map((n) => members[n].id));
  });
});

describe('a bounce and a complaint cover what the mail queue holds them to', () => {
  // As private.mail_suppression_reason (supabase/schemas/mail-delivery.sql): a bounce says one address
  // does not exist, so it passes over the member whose address bounced, not one whose mailbox merely
  // shares it (dana@ when dana+launch@ bounced); a complaint is the person's, so it covers the mailbox.
  const tagged = (email: string) => email.replace('@', '+launch@');

  it('passes over the member whose own address bounced, and the mailbox that complained', async () => {
    const start = Date.parse('2026-02-10T00:00:00Z');
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const members = await storeMembers(
      db,
      'early_access',
      Array.from({ length: 5 }, (_, n) => ({ createdAt: at(n), confirmedAt: at(n + 0.5) })),
    );
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason)
       values (private.mailbox_sha256($1), private.address_sha256($1), 'bounced'),
              (private.mailbox_sha256($2), private.address_sha256($2), 'bounced'),
              (private.mailbox_sha256($3), null, 'complained')`,
      [tagged(members[1].email), members[2].email, tagged(members[3].email)],
    );

    const { data } = await wave(staff, { p_count: 5, p_dry_run: true });
    expect(data).toMatchObject({
      invited: 3,
      last_place: 5,
      skipped: { bounced: 1, complained: 1, total: 2 },
    });
    const chosen = await wave(staff, {
      p_ids: [members[1].id, members[2].id, members[3].id],
      p_dry_run: false,
    });
    expect(chosen.data).toMatchObject({
      invited: 1,
      skipped: { bounced: 1, complained: 1, total: 2 },
    });
    expect(await invitedIds(db)).toEqual([members[1].id]);
  });
});

describe('the waitlist', () => {
  it('goes by order of sign-up, confirmed or not, passing over the unconfirmed', async () => {
    const start = Date.parse('2026-03-01T00:00:00Z');
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    // Confirmation order is the reverse of sign-up order: the wave follows sign-up.
    const members = await storeMembers(
      db,
      'waitlist',
      Array.from({ length: 6 }, (_, n) => ({
        createdAt: at(n),
        confirmedAt: n === 1 ? null : at(100 - n),
      })),
    );
    const { data } = await wave(staff, { p_list: 'waitlist', p_count: 3, p_dry_run: false });
    expect(data).toMatchObject({
      invited: 3,
      first_place: 1,
      last_place: 4,
      skipped: { unconfirmed: 1, total: 1 },
    });
    expect(await invitedIds(db)).toEqual([0, 2, 3].map((n) => members[n].id));
  });
});

describe('everyone up to place P, and chosen rows', () => {
  it('up to place P invites every member it may at places 1 to P', async () => {
    await storeLineWithReferrals(db, 'early_access', 60);
    const ranked = await idsByPlace(db, 'early_access');
    await wave(staff, { p_count: 10, p_dry_run: false });
    const { data } = await wave(staff, { p_up_to_place: 25, p_dry_run: false });
    expect(data).toMatchObject({
      rule: 'up_to',
      invited: 15,
      first_place: 11,
      last_place: 25,
      skipped: { already_invited: 10, total: 10 },
    });
    expect(await invitedIds(db)).toEqual(ranked.slice(0, 25));
  });

  it('chosen rows invites those it may, at their places, and says why not the others', async () => {
    const members = await storeLineWithReferrals(db, 'waitlist', 30);
    const [unconfirmed] = await storeMembers(db, 'waitlist', [
      { createdAt: new Date('2026-06-01T00:00:00Z'), confirmedAt: null },
    ]);
    await wave(staff, { p_list: 'waitlist', p_ids: [members[4].id], p_dry_run: false });
    const chosen = [members[9].id, members[2].id, members[4].id, unconfirmed.id, members[2].id];
    const nobody = '00000000-0000-4000-8000-00000000beef';
    const { data, error } = await wave(staff, {
      p_list: 'waitlist',
      p_ids: [...chosen, nobody],
      p_dry_run: false,
    });
    expect(error).toBeNull();
    // The waitlist's places are its order of sign-up.
    expect(data).toMatchObject({
      rule: 'chosen',
      chosen: 5,
      invited: 2,
      first_place: 3,
      last_place: 10,
      skipped: { already_invited: 1, unconfirmed: 1, not_on_list: 1, total: 3 },
    });
    expect(await invitedIds(db, data.wave as number)).toEqual([members[2].id, members[9].id]);
  });
});

describe('what a wave refuses, changing nothing', () => {
  const refusals: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['N of 0', { p_count: 0 }, '22023', /p_count must be 1 to 10000/],
    ['a negative N', { p_count: -5 }, '22023', /p_count must be 1 to 10000/],
    ['N above 10,000', { p_count: 10_001 }, '22023', /p_count must be 1 to 10000/],
    [
      'a place beyond the line',
      { p_up_to_place: 31 },
      '22023',
      /Place 31 is beyond the line: it holds 30/,
    ],
    ['place 0', { p_up_to_place: 0 }, '22023', /p_up_to_place must be 1 or more/],
    ['an unknown list', { p_list: 'newsletter', p_count: 5 }, '22023', /Unknown list: newsletter/],
    ['no list', { p_list: null, p_count: 5 }, '22023', /Unknown list: null/],
    ['no rule', {}, '22023', /Give one of p_count/],
    ['two rules', { p_count: 5, p_up_to_place: 5 }, '22023', /Give one of p_count/],
    [
      'a time in the past',
      { p_count: 5, p_starts_at: '2020-01-01T00:00:00Z' },
      '22023',
      /p_starts_at is in the past/,
    ],
    [
      'a dry run of null',
      { p_count: 5, p_dry_run: null },
      '22023',
      /p_dry_run must be true or false/,
    ],
    [
      'ids that are not ids',
      { p_ids: ['nope'] },
      '22023',
      /p_ids must be an array of 1 to 200 ids/,
    ],
    ['no ids', { p_ids: [] }, '22023', /p_ids must be an array/],
    [
      'too many ids',
      {
        p_ids: Array.from(
          { length: 201 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      },
      '22023',
      /p_ids must be an array of 1 to 200 ids/,
    ],
    ['a reminder after 0 days', { p_count: 5, p_remind_after_days: 0 }, '22023', /1 to 29/],
    ['a reminder after 30 days', { p_count: 5, p_remind_after_days: 30 }, '22023', /1 to 29/],
    [
      'a plan with a scheduled wave',
      { p_count: 5, p_starts_at: '2099-01-01T00:00:00Z', p_expect: 'a'.repeat(64) },
      '22023',
      /p_expect holds a wave sent now/,
    ],
  ];

  it.each(refusals)('%s', async (_, args, code, message) => {
    await storeMembers(
      db,
      'early_access',
      Array.from({ length: 30 }, (_, n) => ({
        createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + n * 60_000),
        confirmedAt: new Date(Date.parse('2026-01-01T00:00:30Z') + n * 60_000),
      })),
    );
    const before = await counts(db);
    for (const dryRun of [true, false]) {
      const { data, error } = await wave(staff, { p_dry_run: dryRun, ...args });
      expect(data).toBeNull();
      expect(error).toEqual({ code, message: expect.stringMatching(message) });
    }
    expect(await counts(db)).toEqual(before);
  });

  it('is for staff only (42501), whoever else calls either form', async () => {
    await storeLineWithReferrals(db, 'early_access', 30);
    const before = await counts(db);
    const callers: Caller[] = [
      { role: 'anon', claims: { role: 'anon' } },
      { role: 'authenticated', claims: { role: 'authenticated', email: STAFF } },
      { role: 'service_role', claims: { role: 'service_role' } },
    ];
    for (const caller of callers) {
      for (const args of [
        { p_list: 'early_access', p_count: 5, p_dry_run: false },
        waveArgs({ p_count: 5, p_dry_run: false }),
      ]) {
        const { error } = await call(db, caller, 'console_invite_wave', args);
        expect(error?.code).toBe(caller.role === 'authenticated' ? '42501' : '42501');
      }
    }
    expect(await counts(db)).toEqual(before);
  });

  it('up to a place that is more than a wave may invite', async () => {
    await storeLineWithReferrals(db, 'early_access', 30);
    await db.asSuperuser(
      `create or replace function private.launch_wave_rules(out max_wave integer, out max_chosen integer,
         out invite_days integer, out min_reminder_days integer, out max_reminder_days integer)
       returns record language sql immutable as $$ select 10, 200, 30, 1, 29 $$`,
    );
    try {
      const before = await counts(db);
      for (const dryRun of [true, false]) {
        const { error } = await wave(staff, { p_up_to_place: 11, p_dry_run: dryRun });
        expect(error).toEqual({
          code: '22023',
          message: 'Everyone up to place 11 is 11 people; a wave invites at most 10',
        });
      }
      expect(await counts(db)).toEqual(before);
      expect((await wave(staff, { p_up_to_place: 10, p_dry_run: false })).data.invited).toBe(10);
    } finally {
      await db.asSuperuser(
        `create or replace function private.launch_wave_rules(out max_wave integer, out max_chosen integer,
           out invite_days integer, out min_reminder_days integer, out max_reminder_days integer)
         returns record language sql immutable as $$ select 10000, 200, 30, 1, 29 $$`,
      );
    }
  });

  it('a send held to a dry run that the line has since moved past (PT409)', async () => {
    const members = await storeLineWithReferrals(db, 'early_access', 40);
    const dry = await wave(staff, { p_count: 10 });
    // A friend of the 30th confirms: the 30th moves up into the first 10… or not: move it for sure.
    await storeMembers(
      db,
      'early_access',
      Array.from({ length: 3 }, (_, k) => ({
        createdAt: new Date(`2026-05-01T00:0${k}:00Z`),
        confirmedAt: new Date(`2026-05-01T00:0${k}:30Z`),
        referredBy: members[30].code,
      })),
    );
    const before = await counts(db);
    const { data, error } = await wave(staff, {
      p_count: 10,
      p_dry_run: false,
      p_expect: dry.data.plan,
    });
    expect(data).toBeNull();
    expect(error).toEqual({
      code: 'PT409',
      message: 'The line has moved since the dry run: run it again and look before sending',
    });
    expect(await counts(db)).toEqual(before);
  });
});

describe('a scheduled wave', () => {
  const soon = () => new Date(Date.now() + 3_600_000).toISOString();

  it('is decided when it starts, not when scheduled, and can be cancelled until then', async () => {
    await storeLineWithReferrals(db, 'early_access', 30);
    const ranked = await idsByPlace(db, 'early_access');
    const scheduled = await wave(staff, {
      p_count: 5,
      p_starts_at: soon(),
      p_remind_after_days: 3,
      p_dry_run: false,
    });
    expect(scheduled.error).toBeNull();
    expect(scheduled.data).toMatchObject({ status: 'scheduled', invited: 5, first_place: 1 });
    const cancelled = await wave(staff, { p_count: 5, p_starts_at: soon(), p_dry_run: false });
    expect(await invitedIds(db)).toEqual([]);

    // Not yet: nothing starts.
    const run = () =>
      call(db, { role: 'service_role', claims: { role: 'service_role' } }, 'run_launch_waves', {});
    expect((await run()).data).toEqual({ started: 0, reminded: 0 });

    const { data: cancel, error } = await call(db, otherStaff, 'console_cancel_wave', {
      p_wave: cancelled.data.wave,
    });
    expect(error).toBeNull();
    expect(cancel).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'waves.other@example.com',
    });

    // Meanwhile #1 is invited; at its time the wave takes the first 5 as they are then.
    await wave(staff, { p_ids: [ranked[0]], p_dry_run: false });
    await db.asSuperuser(
      `update public.launch_waves set starts_at = now() - interval '1 second' where status <> 'started'`,
    );
    expect((await run()).data).toEqual({ started: 1, reminded: 0 });
    expect((await run()).data).toEqual({ started: 0, reminded: 0 });
    expect(await invitedIds(db, scheduled.data.wave as number)).toEqual(ranked.slice(1, 6));
    const { rows } = await db.asSuperuser(
      `select id, status, outcome from public.launch_waves where id in ($1, $2) order by id`,
      [scheduled.data.wave, cancelled.data.wave],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'started',
        outcome: expect.objectContaining({ invited: 5, first_place: 2, last_place: 6 }),
      }),
      expect.objectContaining({ status: 'cancelled', outcome: null }),
    ]);
    const { rows: lines } = await db.asSuperuser(
      `select actor, action, detail ->> 'status' as status, (detail ->> 'wave')::integer as wave
         from public.staff_audit_log where action in ('invite_wave', 'cancel_wave') order by id`,
    );
    expect(lines).toEqual([
      { actor: STAFF, action: 'invite_wave', status: 'scheduled', wave: scheduled.data.wave },
      { actor: STAFF, action: 'invite_wave', status: 'scheduled', wave: cancelled.data.wave },
      {
        actor: 'waves.other@example.com',
        action: 'cancel_wave',
        status: 'cancelled',
        wave: cancelled.data.wave,
      },
      expect.objectContaining({ action: 'invite_wave', status: 'started' }),
      { actor: STAFF, action: 'invite_wave', status: 'started', wave: scheduled.data.wave },
    ]);

    // Started or cancelled, it can no longer be cancelled; an unknown wave is not found.
    for (const id of [scheduled.data.wave, cancelled.data.wave]) {
      const refused = await call(db, staff, 'console_cancel_wave', { p_wave: id });
      expect(refused.error).toEqual({
        code: '22023',
        message: expect.stringMatching(/only a scheduled wave can be cancelled/),
      });
    }
    expect((await call(db, staff, 'console_cancel_wave', { p_wave: 999999 })).error).toEqual({
      code: 'PT404',
      message: 'No such wave',
    });
  });
});
