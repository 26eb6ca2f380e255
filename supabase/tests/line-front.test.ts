import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { LINE_LISTS } from '../functions/_shared/rules/places.ts';
import { storeMembers, type MemberSpec, type StoredMember } from './test-support/launch-waves.ts';

// The front of the line (private.line_front, supabase/schemas/places.sql), which a launch wave walks:
// for lines of every shape (referrals credited, held, unconfirmed, a member with much credit far back),
// the members at places 1 to P and their places are exactly those the rule ranks from the rows
// (private.line_places_from_rows) for every P, on PostgreSQL. Chunks of 4 members, so a
// line of a hundred has many chunks and the credit that reaches back crosses several.

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.asSuperuser(
    `create or replace function private.line_chunk_size() returns integer
     language sql immutable as $$ select 4 $$`,
  );
});
afterAll(() => db.close());

/** A small, seeded random source (mulberry32), so a failing line can be made again. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random line: members in sign-up order, some referred by an earlier one (a few held), some not confirmed. */
async function randomLine(list: (typeof LINE_LISTS)[number], seed: number): Promise<number> {
  const random = randomSource(seed);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const count = 30 + Math.floor(random() * 90);
  const stored: StoredMember[] = [];
  for (let n = 0; n < count; n += 1) {
    const referrer =
      stored.length > 0 && random() < 0.35
        ? // Mostly recent members, sometimes the first (who gathers much credit).
          random() < 0.2
          ? stored[0]
          : stored[Math.floor(random() * stored.length)]
        : undefined;
    const spec: MemberSpec = {
      createdAt: new Date(start + n * 60_000),
      // Confirmed in an order of their own, a few never.
      confirmedAt: random() < 0.1 ? null : new Date(start + n * 60_000 + random() * 3_600_000),
      referredBy: referrer?.code,
      hold: referrer && random() < 0.15 ? 'self' : undefined,
    };
    stored.push(...(await storeMembers(db, list, [spec])));
  }
  return count;
}

for (const list of LINE_LISTS) {
  it(`gives the ${list} line's first P members their places, as the rule ranks them`, async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      await db.asSuperuser(
        `delete from public.${list === 'early_access' ? 'early_access_signups' : 'waitlist_signups'}`,
      );
      const count = await randomLine(list, seed);
      const { rows: ranked } = await db.asSuperuser(
        'select id, place from private.line_places_from_rows($1) order by place',
        [list],
      );
      for (const upto of [1, 2, 7, Math.floor(count / 3), ranked.length, count + 10]) {
        const { rows: front } = await db.asSuperuser(
          'select id, place from private.line_front($1, $2) order by place',
          [list, upto],
        );
        expect({ seed, upto, front }).toEqual({
          seed,
          upto,
          front: ranked.filter((row) => Number(row.place) <= upto),
        });
      }
    }
  });
}
