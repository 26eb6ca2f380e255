import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { LINE_LISTS, type LineList } from '../functions/_shared/rules/places.ts';
import { LINE_TABLES, confirmToken, newToken, signUpAnswer } from './test-support/growth.ts';

// The kept line (supabase/schemas/line.sql, docs/growth.md "How the line is kept"): after any sequence of
// what happens to sign-ups (sign-ups, confirmations now and back-dated, referral holds and lifts,
// erasures, unsubscribes, bulk statements) the places read from the kept tables are those ranked from the
// rows alone (private.line_places_from_rows), and the kept tables are what private.check_line counts from
// the rows; also when many confirmations and erasures run at once. On PGlite and on PostgreSQL
// (test-postgres), where transactions really do run at once.
//
// Chunks of 4 members here (split past 8): a line of a few dozen then has many chunks, and every change
// splits, empties or straddles some.
const CHUNK_SIZE = 4;

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.asSuperuser(
    `create or replace function private.line_chunk_size() returns integer
     language sql immutable as $$ select ${CHUNK_SIZE} $$`,
  );
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.asSuperuser('delete from public.early_access_signups');
  await db.asSuperuser('delete from public.waitlist_signups');
});

type Row = Record<string, unknown>;

/** A small, seeded random source (mulberry32), so a failing sequence can be run again. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T | undefined {
      return items.length === 0 ? undefined : items[Math.floor(next() * items.length)];
    },
  };
}

/** Every difference between the kept tables and the rows, and between the two ways to rank the line. */
async function differences(list: LineList): Promise<string[]> {
  const { rows: checked } = await db.asSuperuser('select private.check_line($1) as problem', [
    list,
  ]);
  const { rows: places } = await db.asSuperuser(
    `select coalesce(k.id, r.id) as id, k.place as kept, r.place as ranked,
            k.credited as kept_credit, r.credited as ranked_credit
       from private.line_places($1) k
       full join private.line_places_from_rows($1) r on r.id = k.id
      where (k.place, k.credited) is distinct from (r.place, r.credited)`,
    [list],
  );
  return [
    ...checked.map((row) => row.problem as string),
    ...places.map(
      (row) =>
        `place of ${row.id}: kept ${row.kept}/${row.kept_credit}, ranked ${row.ranked}/${row.ranked_credit}`,
    ),
  ];
}

/** The line's places, which must be 1 … n. */
async function placesOf(list: LineList): Promise<number[]> {
  const { rows } = await db.asSuperuser(
    'select place from private.line_places($1) order by place',
    [list],
  );
  return rows.map((row) => Number(row.place));
}

/** Erases every record of the address through the privacy flow's function, as the service role. */
async function erase(email: unknown): Promise<void> {
  const token = newToken();
  await db.asSuperuser(
    `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
     values ($1, 'erase', private.mailbox_sha256($2), now() + interval '1 hour')`,
    [token.hash, email],
  );
  await db.as('service_role', 'select public.erase_mailbox_records($1)', [token.hash]);
}

/** Unsubscribes the sign-up through its mail's link, as the service role. */
async function unsubscribe(list: LineList, id: unknown): Promise<void> {
  const token = newToken();
  await db.asSuperuser(
    `insert into public.email_tokens (token_hash, purpose, ${list}_id) values ($1, 'unsubscribe', $2)`,
    [token.hash, id],
  );
  await db.as('service_role', 'select public.unsubscribe_signup($1)', [token.hash]);
}

describe.each(LINE_LISTS)('the kept %s line', (list) => {
  const table = LINE_TABLES[list];
  const rowsOf = async (): Promise<Row[]> =>
    (
      await db.asSuperuser(
        `select id, email, referral_code, referred_by, referral_hold, confirmed_at is not null as confirmed
           from public.${table} order by created_at, id`,
      )
    ).rows;
  const fields = (email: string): Row =>
    list === 'waitlist'
      ? { first_name: 'Ada', last_name: 'Lovelace', company: 'Engines', email }
      : { email };
  /** Stores a sign-up as the function sign-up does (public.sign_up); anything else throws its outcome. */
  const insert = async (row: Row, address: string) => {
    const { outcome } = await signUpAnswer(db, table, row, address);
    if (outcome !== 'stored')
      throw Object.assign(new Error(`${String(row.email)}: ${outcome}`), { outcome });
  };

  it('places the members as the rows rank them after a random sequence of everything that happens to sign-ups', async () => {
    const seed = Number(process.env.LINE_SEED ?? 20251205);
    const random = randomSource(seed + (list === 'waitlist' ? 1 : 0));
    // People with a Gmail mailbox several sign-ups may spell differently (one person to the credit).
    const people = Array.from({ length: 6 }, (_, i) => `person${i}x${Date.now().toString(36)}`);
    const spell = (person: string) => {
      const at = 1 + random.int(person.length - 1);
      const local = `${person.slice(0, at)}.${person.slice(at)}`;
      return `${local}${random.next() < 0.5 ? '@gmail.com' : '@googlemail.com'}`;
    };
    const past = () => `now() - interval '${1 + random.int(100_000)} seconds'`;
    const done: string[] = [];

    const steps: Array<
      [weight: number, name: string, step: (rows: Row[]) => Promise<unknown> | undefined]
    > = [
      [
        30,
        'sign up',
        (rows) => {
          const email = random.next() < 0.3 ? spell(random.pick(people)!) : uniqueEmail('kept');
          // Most referrals name one of a few early sign-ups, so some members gather several credits.
          const referrer =
            random.next() < 0.4
              ? random.pick(rows.slice(0, 6))
              : random.next() < 0.5
                ? random.pick(rows)
                : undefined;
          const row = {
            ...fields(email),
            ...(referrer ? { referred_by: referrer.referral_code } : {}),
          };
          // A spelling drawn twice is the same mailbox, which the list keeps once.
          return insert(row, `198.51.100.${1 + random.int(200)}`).catch(
            (error: { outcome?: string }) => {
              if (error.outcome !== 'duplicate') throw error;
            },
          );
        },
      ],
      [
        20,
        'confirm now',
        async (rows) => {
          const row = random.pick(rows.filter((r) => !r.confirmed));
          if (!row) return;
          await db.as('service_role', 'select public.confirm_signup($1, $2)', [
            await confirmToken(db, list, row.id),
            random.next() < 0.15,
          ]);
        },
      ],
      [
        10,
        'confirm back-dated',
        (rows) => {
          const row = random.pick(rows.filter((r) => !r.confirmed));
          return (
            row &&
            db.asSuperuser(`update public.${table} set confirmed_at = ${past()} where id = $1`, [
              row.id,
            ])
          );
        },
      ],
      [
        4,
        'confirmed at another time',
        (rows) => {
          const row = random.pick(rows.filter((r) => r.confirmed));
          return (
            row &&
            db.asSuperuser(`update public.${table} set confirmed_at = ${past()} where id = $1`, [
              row.id,
            ])
          );
        },
      ],
      [
        3,
        'no longer confirmed',
        (rows) => {
          const row = random.pick(rows.filter((r) => r.confirmed));
          return (
            row &&
            db.asSuperuser(`update public.${table} set confirmed_at = null where id = $1`, [row.id])
          );
        },
      ],
      [
        6,
        'held',
        (rows) => {
          const row = random.pick(rows.filter((r) => r.referred_by && !r.referral_hold));
          const hold = random.next() < 0.5 ? 'code_cap' : 'disposable';
          return (
            row &&
            db.asSuperuser(`update public.${table} set referral_hold = $2 where id = $1`, [
              row.id,
              hold,
            ])
          );
        },
      ],
      [
        3,
        'cap decided again',
        (rows) => {
          const row = random.pick(rows.filter((r) => r.referral_hold === 'code_cap'));
          return (
            row &&
            db.asSuperuser(
              `select private.decide_code_cap($1, $2, '-infinity', 'infinity', true)`,
              [table, row.referred_by],
            )
          );
        },
      ],
      [
        4,
        'erased',
        (rows) => {
          const row = random.pick(rows);
          return row && erase(row.email);
        },
      ],
      [
        3,
        'unsubscribed',
        (rows) => {
          const row = random.pick(rows);
          return row && unsubscribe(list, row.id);
        },
      ],
      [
        4,
        'made at another time',
        (rows) => {
          const row = random.pick(rows);
          return (
            row &&
            db.asSuperuser(
              `update public.${table} set created_at = created_at + interval '${random.int(2000) - 1000} seconds' where id = $1`,
              [row.id],
            )
          );
        },
      ],
      [
        3,
        'several confirmed in one statement',
        (rows) => {
          const ids = rows.filter((r) => !r.confirmed && random.next() < 0.5).map((r) => r.id);
          return db.asSuperuser(
            `update public.${table} t set confirmed_at = now() - make_interval(secs => s.seconds)
               from unnest($1::uuid[], $2::integer[]) as s(id, seconds) where t.id = s.id`,
            [ids, ids.map(() => random.int(100_000))],
          );
        },
      ],
      [
        2,
        'several deleted in one statement',
        (rows) => {
          const ids = rows.filter(() => random.next() < 0.1).map((r) => r.id);
          return db.asSuperuser(`delete from public.${table} where id = any($1)`, [ids]);
        },
      ],
    ];
    const totalWeight = steps.reduce((sum, [weight]) => sum + weight, 0);

    for (let n = 1; n <= 300; n += 1) {
      let roll = random.int(totalWeight);
      const [, name, step] = steps.find(([weight]) => (roll -= weight) < 0)!;
      done.push(name);
      await step(await rowsOf());
      if (n % 10 === 0) {
        // The seed and the steps so far, when they disagree.
        expect({ seed, after: done.slice(-10), differences: await differences(list) }).toEqual({
          seed,
          after: done.slice(-10),
          differences: [],
        });
      }
    }
    const places = await placesOf(list);
    expect(places).toEqual(places.map((_, i) => i + 1));
    // The sequence did reach a line of several chunks with credit in it.
    const { rows } = await db.asSuperuser(
      `select (select count(*) from private.line_chunks where list = $1)::integer as chunks,
              (select count(*) from private.line_credits where list = $1)::integer as credited`,
      [list],
    );
    expect(rows[0].chunks).toBeGreaterThan(3);
    expect(rows[0].credited).toBeGreaterThan(0);
  });

  it('stays equal to the rows when many confirmations, erasures and unsubscribes run at once', async () => {
    // 16 members, 4 of them referrers; 32 sign-ups waiting to confirm, 24 of them referred (6 people each
    // per referrer, 2 of those as two spellings of one Gmail mailbox).
    for (let i = 0; i < 16; i += 1) await insert(fields(uniqueEmail('together')), '198.51.100.7');
    await db.asSuperuser(
      `update public.${table} set confirmed_at = created_at + interval '1 second'`,
    );
    const members = await rowsOf();
    const referrers = members.slice(0, 4);
    const stamp = Date.now().toString(36);
    for (const [r, referrer] of referrers.entries()) {
      for (let i = 0; i < 6; i += 1) {
        const email =
          i < 2 ? `twin${r}${stamp}${i === 0 ? '' : '.'}x@gmail.com` : uniqueEmail('friend');
        await insert(
          { ...fields(email), referred_by: referrer.referral_code },
          `198.51.100.${20 + i}`,
        );
      }
    }
    for (let i = 0; i < 8; i += 1) await insert(fields(uniqueEmail('plain')), '198.51.100.9');
    const waiting = (await rowsOf()).filter((row) => !row.confirmed);
    expect(waiting).toHaveLength(32);
    const tokens = await Promise.all(waiting.map((row) => confirmToken(db, list, row.id)));

    // At once: every confirmation, and the erasure or unsubscribe of 6 members, a referrer among them.
    const results = await Promise.allSettled([
      ...tokens.map((token) => db.as('service_role', 'select public.confirm_signup($1)', [token])),
      erase(members[3].email),
      erase(members[8].email),
      erase(members[12].email),
      unsubscribe(list, members[5].id),
      unsubscribe(list, members[9].id),
      unsubscribe(list, members[14].id),
    ]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    expect(await differences(list)).toEqual([]);
    const places = await placesOf(list);
    expect(places).toEqual(Array.from({ length: 16 - 6 + 32 }, (_, i) => i + 1));
    const { rows } = await db.asSuperuser(
      `select x.credited from private.line_credits x
         join public.${table} s on s.id = x.id
        where x.list = $1 and s.id = any($2) order by s.created_at`,
      [list, referrers.map((r) => r.id)],
    );
    // Five people each (the twins are one); the fourth referrer was erased.
    expect(rows.map((row) => row.credited)).toEqual([5, 5, 5]);
  });

  it('is made again from the rows alike, and by a bulk statement', async () => {
    for (let i = 0; i < 30; i += 1) await insert(fields(uniqueEmail('again')), '198.51.100.11');
    const [referrer] = await rowsOf();
    for (let i = 0; i < 5; i += 1) {
      await insert(
        { ...fields(uniqueEmail('again')), referred_by: referrer.referral_code },
        '198.51.100.12',
      );
    }
    // More members than a chunk holds in one statement: the trigger rebuilds the list instead.
    await db.asSuperuser(
      `update public.${table} set confirmed_at = created_at + random() * interval '1 hour'`,
    );
    const before = await db.asSuperuser('select * from private.line_places($1) order by place', [
      list,
    ]);
    expect(await differences(list)).toEqual([]);
    await db.asSuperuser('select private.rebuild_line($1)', [list]);
    expect(await differences(list)).toEqual([]);
    expect(
      (await db.asSuperuser('select * from private.line_places($1) order by place', [list])).rows,
    ).toEqual(before.rows);
    const { rows } = await db.asSuperuser(
      'select count(*)::integer as chunks, max(size) as largest from private.line_chunks where list = $1',
      [list],
    );
    expect(rows[0]).toEqual({ chunks: Math.ceil(35 / CHUNK_SIZE), largest: CHUNK_SIZE });
  });
});
