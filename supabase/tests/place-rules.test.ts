import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import {
  LINE_LISTS,
  PLACES_PER_REFERRAL,
  REFERRAL_CODE_PATTERN,
  type LineList,
} from '../functions/_shared/rules/places.ts';
import {
  LINE_TABLES,
  confirmAt,
  confirmToken,
  linePlaces,
  newToken,
  signUp,
} from './test-support/growth.ts';

// The place and credit rules of supabase/schemas/places.sql and referrals.sql (private.line_places,
// public.signup_place) and the numbers of supabase/functions/_shared/rules/places.ts held equal to them.
// The rate limits are raised here, so no referral is held by a cap (referral-caps.test.ts has those).
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
// Each test draws its own line.
beforeEach(async () => {
  await db.asSuperuser('delete from public.early_access_signups');
  await db.asSuperuser('delete from public.waitlist_signups');
});

/**
 * A moment of the test's clock, as SQL: `seconds` after a start long past, so that a confirmation at
 * now() (confirm_signup's) comes after every one of the clock's.
 */
const at = (seconds: number) =>
  `timestamptz '2000-01-01 00:00:00+00' + interval '${seconds} seconds'`;

let clock = 0;
/** Confirms the sign-up after everything confirmed so far. */
const confirmNext = (list: LineList, id: unknown) =>
  confirmAt(db, LINE_TABLES[list], id, at((clock += 1)));

/** n sign-ups that confirm in the order they signed up. */
async function line(list: LineList, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const row = await signUp(db, LINE_TABLES[list]);
    await confirmNext(list, row.id);
    ids.push(row.id as string);
  }
  return ids;
}

/** A confirmed sign-up referred by the member `referrer` (an id). */
async function referral(
  list: LineList,
  referrer: string,
  options: { confirm?: boolean; fields?: Record<string, unknown> } = {},
): Promise<Record<string, unknown>> {
  const table = LINE_TABLES[list];
  const { rows } = await db.asSuperuser(`select referral_code from public.${table} where id = $1`, [
    referrer,
  ]);
  const row = await signUp(db, table, { referred_by: rows[0].referral_code, ...options.fields });
  expect(row.referred_by).toBe(rows[0].referral_code);
  if (options.confirm ?? true) await confirmNext(list, row.id);
  return row;
}

/** The members' ids in place order. */
async function order(list: LineList): Promise<string[]> {
  const places = await linePlaces(db, list);
  return [...places.entries()].sort((a, b) => a[1].place - b[1].place).map(([id]) => id);
}

const placeOf = async (list: LineList, id: string) => (await linePlaces(db, list)).get(id)?.place;

describe.each(LINE_LISTS)('the %s line', (list) => {
  it('is the order of confirmation, not of sign-up; an unconfirmed sign-up has no place and moves nobody', async () => {
    const table = LINE_TABLES[list];
    const [a, b, c, d] = [
      await signUp(db, table),
      await signUp(db, table),
      await signUp(db, table),
      await signUp(db, table),
    ].map((row) => row.id as string);
    await confirmNext(list, c);
    await confirmNext(list, a);
    await confirmNext(list, b);
    expect(await order(list)).toEqual([c, a, b]);
    expect(await placeOf(list, d)).toBeUndefined();
    await confirmNext(list, d);
    expect(await order(list)).toEqual([c, a, b, d]);
  });

  it(`moves a referrer up ${PLACES_PER_REFERRAL} places for each credited referral, never past #1`, async () => {
    const members = await line(list, 30);
    const referrer = members[24];
    expect(await placeOf(list, referrer)).toBe(25);
    const expected = [15, 5, 1, 1];
    for (const [n, place] of expected.entries()) {
      await referral(list, referrer);
      const places = await linePlaces(db, list);
      expect(places.get(referrer)).toEqual({ place, credited: n + 1 });
      // Only the referrer moved: everyone else keeps their order of confirmation.
      const others = (await order(list)).filter((id) => id !== referrer);
      expect(others.slice(0, 29)).toEqual(members.filter((id) => id !== referrer));
    }
  });

  it('goes ahead of a member it draws level with; referrers level with each other go by arrival', async () => {
    const members = await line(list, 25);
    // Arrival 12 with one credit: level with arrival 2, ahead of it.
    await referral(list, members[11]);
    expect(await placeOf(list, members[11])).toBe(2);
    expect(await placeOf(list, members[1])).toBe(3);
    // Arrival 15 with one credit and arrival 25 with two: both level with arrival 5.
    await referral(list, members[14]);
    await referral(list, members[24]);
    await referral(list, members[24]);
    const places = await linePlaces(db, list);
    expect([members[14], members[24], members[4]].map((id) => places.get(id))).toEqual([
      { place: 6, credited: 1 },
      { place: 7, credited: 2 },
      { place: 8, credited: 0 },
    ]);
  });

  it('credits nothing for a referral that is unconfirmed, held, or older than its referrer', async () => {
    const members = await line(list, 15);
    const referrer = members[14];
    const table = LINE_TABLES[list];
    // Unconfirmed.
    const unconfirmed = await referral(list, referrer, { confirm: false });
    expect(await placeOf(list, referrer)).toBe(15);
    // Held at confirmation: a disposable domain, as the confirm-email function reports it.
    const disposable = await referral(list, referrer, { confirm: false });
    await db.as('service_role', 'select public.confirm_signup($1, true)', [
      await confirmToken(db, list, disposable.id),
    ]);
    expect(
      (
        await db.asSuperuser(`select referral_hold from public.${table} where id = $1`, [
          disposable.id,
        ])
      ).rows[0],
    ).toEqual({ referral_hold: 'disposable' });
    expect(await linePlaces(db, list).then((p) => p.get(referrer))).toEqual({
      place: 15,
      credited: 0,
    });
    // A referral stored before its referrer (no sign-up can name a code that does not exist yet; a row
    // restored from elsewhere could).
    const older = await referral(list, referrer);
    await db.asSuperuser(
      `update public.${table} set created_at = (select created_at - interval '1 second'
                                                   from public.${table} where id = $2)
        where id = $1`,
      [older.id, referrer],
    );
    expect(await placeOf(list, referrer)).toBe(15);
    // Its confirmation makes the first one count.
    await confirmNext(list, unconfirmed.id);
    expect(await placeOf(list, referrer)).toBe(5);
  });

  it('counts one person once: the same Gmail mailbox with dots, googlemail.com or a +tag is one referral', async () => {
    const members = await line(list, 30);
    const referrer = members[24];
    const stamp = Date.now().toString(36);
    for (const email of [
      `grace.hopper.${stamp}@gmail.com`,
      `gracehopper.${stamp}@googlemail.com`,
      `g.race.hopper.${stamp}+more@gmail.com`,
    ]) {
      await referral(list, referrer, { fields: { email } });
    }
    expect((await linePlaces(db, list)).get(referrer)).toEqual({ place: 15, credited: 1 });
  });

  it('counts a referral made before its referrer confirmed, once the referrer is a member', async () => {
    const members = await line(list, 12);
    const table = LINE_TABLES[list];
    const referrer = await signUp(db, table);
    await referral(list, referrer.id as string);
    expect(await placeOf(list, referrer.id as string)).toBeUndefined();
    await confirmNext(list, referrer.id);
    // Arrival 14 (its referral confirmed 13th), one credit: level with arrival 4, ahead of it.
    expect(await placeOf(list, referrer.id as string)).toBe(4);
    expect(await placeOf(list, members[3])).toBe(5);
  });

  it('moves a referrer back when the referred sign-up is erased, and the line closes up when a member goes', async () => {
    const members = await line(list, 15);
    const referrer = members[14];
    const referred = await referral(list, referrer);
    expect(await placeOf(list, referrer)).toBe(5);
    const erase = newToken();
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
       values ($1, 'erase', private.mailbox_sha256($2), now() + interval '1 hour')`,
      [erase.hash, referred.email],
    );
    const { rows } = await db.as('service_role', 'select public.erase_mailbox_records($1) as r', [
      erase.hash,
    ]);
    expect(rows[0].r).toMatchObject({ erased: { [list]: 1 } });
    expect(await linePlaces(db, list).then((p) => p.get(referrer))).toEqual({
      place: 15,
      credited: 0,
    });
    // A member that goes (here the first) takes its place along: everyone behind moves up one.
    await db.asSuperuser(`delete from public.${LINE_TABLES[list]} where id = $1`, [members[0]]);
    expect(await order(list)).toEqual(members.slice(1));
  });

  it('keeps the lists apart: a referral of the other list names no sign-up of this one', async () => {
    const [member] = await line(list, 1);
    const other = list === 'early_access' ? 'waitlist' : 'early_access';
    const { rows } = await db.asSuperuser(
      `select referral_code from public.${LINE_TABLES[list]} where id = $1`,
      [member],
    );
    const row = await signUp(db, LINE_TABLES[other], { referred_by: rows[0].referral_code });
    expect(row.referred_by).toBeNull();
  });

  it('signup_place: {list, position, referral_code, credited} of a confirmed member, else null', async () => {
    const table = LINE_TABLES[list];
    const [first, second] = await line(list, 2);
    await referral(list, second);
    const place = async (id: unknown) =>
      (await db.as('service_role', 'select public.signup_place($1, $2) as p', [list, id])).rows[0]
        .p;
    const { rows } = await db.asSuperuser(
      `select referral_code from public.${table} where id = $1`,
      [second],
    );
    expect(await place(second)).toEqual({
      list,
      position: 1,
      referral_code: rows[0].referral_code,
      credited: 1,
    });
    expect(await place(first)).toMatchObject({ position: 2, credited: 0 });
    const unconfirmed = await signUp(db, table);
    expect(await place(unconfirmed.id)).toBeNull();
    expect(await place('00000000-0000-4000-8000-000000000000')).toBeNull();
    await db.asSuperuser(`delete from public.${table} where id = $1`, [first]);
    expect(await place(first)).toBeNull();
  });
});

describe('signup_place and line_places', () => {
  it('know only the lines', async () => {
    for (const other of ['newsletter', 'career', 'nope']) {
      await expect(
        db.as('service_role', 'select public.signup_place($1, gen_random_uuid())', [other]),
      ).rejects.toMatchObject({ code: '22023' });
      await expect(
        db.asSuperuser('select * from private.line_places($1)', [other]),
      ).rejects.toMatchObject({ code: '22023' });
    }
  });

  it('are the service role’s alone', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        db.as(role, `select public.signup_place('waitlist', gen_random_uuid())`),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('rules/places.ts and the database', () => {
  it('agree on the places a referral is worth', async () => {
    const { rows } = await db.asSuperuser('select private.places_per_referral() as n');
    expect(rows[0].n).toBe(PLACES_PER_REFERRAL);
  });

  it('agree on the shape of a referral code, and every digit of one is random', async () => {
    const { rows } = await db.asSuperuser(
      'select private.new_referral_code() as code from generate_series(1, 200)',
    );
    const codes = rows.map((row) => row.code as string);
    for (const code of codes) expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    // No digit is fixed (a uuid's version digit would be '4' at index 12 every time).
    for (let index = 0; index < 16; index += 1) {
      expect(new Set(codes.map((code) => code[index])).size).toBeGreaterThan(4);
    }
  });
});
