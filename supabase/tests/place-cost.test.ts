import { performance } from 'node:perf_hooks';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';

// What a place read costs does not grow with the line (docs/security.md, "What a stranger can make the
// database do"): the place page's function reads public.signup_place for whoever holds a place link,
// as often as its rate limit allows per client address. When each read ranked the whole line, its time
// grew with the line (docs/growth.md has the figures). Here the same reads are timed on one database at
// 1,000 members and again at 100,000, against the database's own speed at 1,000 (not a number of
// milliseconds, which depends on the machine), with a wide margin: a read that ranks the line takes tens
// of times longer at 100,000, one from the kept chunks about as long.

const LIST = 'early_access';
const SMALL = 1_000;
const LARGE = 100_000;
// Each read's best of RUNS: the least disturbed by whatever else the machine is doing.
const RUNS = 9;
// How much slower the reads at LARGE may be than at SMALL.
const MAX_RATIO = 4;

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/**
 * Adds members n = from … to - 1 to the line, one a minute in the order they confirmed, and makes every
 * 50th of them (from the 500th) a confirmed referral of the member 499 places ahead, so the line holds
 * members with credit all along it. Written as a bulk load is, with the row triggers off.
 */
async function grow(from: number, to: number): Promise<void> {
  await db.database.transaction(async (q) => {
    await q.query(`set local session_replication_role = replica`);
    await q.query(
      `insert into public.early_access_signups (email, created_at, confirmed_at)
       select 'member' || n || '@example.com', t.at, t.at + interval '1 second'
         from generate_series($1::integer, $2::integer - 1) n,
              lateral (select timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute' as at) t
        where n % 50 <> 49 or n < 500`,
      [from, to],
    );
    await q.query(
      `insert into public.early_access_signups (email, created_at, confirmed_at, referred_by)
       select 'friend' || n || '@example.com', t.at, t.at + interval '1 second', r.referral_code
         from generate_series($1::integer, $2::integer - 1) n
         join lateral (select timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute' as at) t on true
         join public.early_access_signups r on r.email = 'member' || (n - 499) || '@example.com'
        where n % 50 = 49 and n >= 500`,
      [from, to],
    );
  });
  await db.asSuperuser(`analyze public.early_access_signups`);
}

/** The ids of the members the reads ask for: the first, one in the middle, the last, and one with credit. */
async function askedFor(): Promise<string[]> {
  const { rows } = await db.asSuperuser(
    `(select id from public.early_access_signups order by confirmed_at limit 1)
     union all
     (select id from public.early_access_signups order by confirmed_at
       offset (select count(*) / 2 from public.early_access_signups) limit 1)
     union all
     (select id from public.early_access_signups order by confirmed_at desc limit 1)
     union all
     (select r.id from public.early_access_signups r
       where exists (select from public.early_access_signups x where x.referred_by = r.referral_code)
       order by r.confirmed_at desc limit 1)`,
  );
  return rows.map((row) => row.id as string);
}

/** The best of RUNS reads of each member's place as the function reads it, in ms, summed. */
async function readTime(ids: readonly string[]): Promise<number> {
  let total = 0;
  for (const id of ids) {
    let best = Infinity;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const { rows } = await db.as('service_role', 'select public.signup_place($1, $2) as p', [
        LIST,
        id,
      ]);
      best = Math.min(best, performance.now() - started);
      expect(rows[0].p).toMatchObject({ list: LIST, position: expect.any(Number) });
    }
    total += best;
  }
  return total;
}

it(`reads a place about as fast at ${LARGE.toLocaleString('en-US')} members as at ${SMALL.toLocaleString('en-US')}`, async () => {
  await grow(0, SMALL);
  const small = await readTime(await askedFor());
  await grow(SMALL, LARGE);
  const { rows } = await db.asSuperuser(
    `select count(*)::integer as members,
            count(*) filter (where referred_by is not null)::integer as referrals
       from public.early_access_signups where confirmed_at is not null`,
  );
  expect(rows[0]).toEqual({ members: LARGE, referrals: (LARGE - 500) / 50 });
  const large = await readTime(await askedFor());
  // Shown when it fails, so a slow machine can be told from a read that counts the line.
  const measured = `${SMALL} members: ${small.toFixed(1)} ms, ${LARGE} members: ${large.toFixed(1)} ms (4 reads, the best of ${RUNS} each)`;
  expect({ measured, ratio: large / small < MAX_RATIO }).toEqual({ measured, ratio: true });
});
