// The place in line at 1,000, 100,000 and 1,000,000 confirmed members (docs/growth.md, "How the line is
// kept"): seeds one line with generate_series, growing it to each size, and times what reads and changes
// a place, as the service role calls it (its role, one transaction a call, as PostgREST runs it). Not a
// test and not part of `npm test`:
//
//   npm run line-places -w @agentora/db-bench              # PostgreSQL (tools/test-postgres)
//   npm run line-places -w @agentora/db-bench -- --pglite  # PGlite, in memory
//
// MEMBERS=1000,100000 sets the sizes (default 1,000, 100,000 and 1,000,000); READS=<n> the members whose
// place is read at each size (default 50).
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startTestPostgres, type TestPostgres } from '@agentora/test-postgres';
import {
  asCaller,
  DEFAULT_MIGRATIONS_DIR,
  migrate,
  openDatabase,
  type Database,
} from '@agentora/local-supabase/testing';

type Queryable = Parameters<Parameters<typeof asCaller>[2]>[0];

const SIZES = (process.env.MEMBERS ?? '1000,100000,1000000').split(',').map(Number);
const READS = Number(process.env.READS ?? 50);
const LIST = 'early_access';

const onPglite = process.argv.includes('--pglite');
let postgres: TestPostgres | undefined;
if (!onPglite) postgres = await startTestPostgres();
const database: Database = await openDatabase({
  databaseUrl: postgres?.url,
  // The server stopping at the end (57P01) may reach a pooled connection the pool is still closing.
  onError: (error) => {
    if ((error as { code?: string }).code !== '57P01') process.stderr.write(`${String(error)}\n`);
  },
});

const asSuperuser = (sql: string, values: unknown[] = []) =>
  database.transaction((db) => db.query(sql, values));
const asService = <T>(work: (db: Queryable) => Promise<T>) =>
  asCaller(database, { role: 'service_role', claims: { role: 'service_role' } }, work);

/** One line of the report, on stdout. */
const print = (line: string) => process.stdout.write(`${line}\n`);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const summary = (values: number[]) =>
  `median ${ms(quantile(values, 0.5))}, p95 ${ms(quantile(values, 0.95))}, max ${ms(Math.max(...values))} ms`;

/** The server's own time for a statement, in ms (EXPLAIN ANALYZE's execution time), and its answer's time round trip. */
async function timed(
  sql: string,
  values: unknown[],
  as: typeof asService = asService,
): Promise<{ server: number; roundTrip: number }> {
  const { rows } = await as((db) =>
    db.query(`explain (analyze, timing off, summary on, format json) ${sql}`, values),
  );
  const plan = rows[0]['QUERY PLAN'] as Array<{ 'Execution Time': number }>;
  const started = performance.now();
  await as((db) => db.query(sql, values));
  return { server: plan[0]['Execution Time'], roundTrip: performance.now() - started };
}

/**
 * Members n = from … to - 1, one a minute in the order they confirmed, with codes made from n. Every 50th
 * (from the 500th) is a confirmed referral of the member 499 ahead, and every 1,000th of the first member
 * of its 100,000 instead: 2 % of the line are referrals, most members with credit have one, and one in
 * each 100,000 gathers about a hundred. One statement, written as a bulk load is (the row triggers off;
 * the kept line's statement trigger still runs and, for this many rows, rebuilds the list).
 */
async function grow(from: number, to: number): Promise<void> {
  await database.transaction(async (db) => {
    await db.query(`set local session_replication_role = replica`);
    await db.query(
      `insert into public.early_access_signups (email, created_at, confirmed_at, referral_code, referred_by)
       select 'member' || n || '@example.com', t.at, t.at + interval '1 second', lpad(to_hex(n), 16, '0'),
              case when n >= 500 and n % 1000 = 999 then lpad(to_hex(n - n % 100000), 16, '0')
                   when n >= 500 and n % 50 = 49 then lpad(to_hex(n - 499), 16, '0') end
         from generate_series($1::integer, $2::integer - 1) n,
              lateral (select timestamptz '2024-01-01 00:00:00+00' + n * interval '1 minute' as at) t`,
      [from, to],
    );
  });
  await asSuperuser('analyze public.early_access_signups');
  await asSuperuser('analyze private.line_chunks');
  await asSuperuser('analyze private.line_credits');
}

/** Confirms a new sign-up referred by a member, as the confirm-email function does: the place mail's queued. */
async function confirmNew(k: number, referrer: number): Promise<number> {
  await asSuperuser(
    `insert into public.early_access_signups (email, referred_by) values ($1, lpad(to_hex($2::integer), 16, '0'))`,
    [`new${k}.${Date.now()}@example.net`, referrer],
  );
  const hash = `${k}`.padStart(64, '0');
  await asSuperuser(
    `insert into public.email_tokens (token_hash, purpose, early_access_id, expires_at)
     select $1, 'confirm', id, now() + interval '1 hour' from public.early_access_signups where email like $2`,
    [hash, `new${k}.%`],
  );
  const started = performance.now();
  await asService((db) => db.query('select public.confirm_signup($1)', [hash]));
  return performance.now() - started;
}

const migrating = performance.now();
await migrate(database, DEFAULT_MIGRATIONS_DIR);
await asSuperuser(`update public.rate_limit_rules set max_requests = 1000000`);
print(
  `line-places: ${onPglite ? 'PGlite (in memory)' : `PostgreSQL ${postgres?.major} (tools/test-postgres)`}, ` +
    `${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GB, chunks of ` +
    `${(await asSuperuser('select private.line_chunk_size() as n')).rows[0].n} members; ` +
    `migrated in ${seconds(performance.now() - migrating)}; load average ${load()}`,
);

let members = 0;
let confirmations = 0;
for (const size of SIZES) {
  const seeding = performance.now();
  await grow(members, size);
  members = size;
  const seeded = performance.now() - seeding;
  const { rows: shape } = await asSuperuser(
    `select (select count(*) from private.line_chunks where list = $1)::integer as chunks,
            (select count(*) from private.line_credits where list = $1)::integer as credited,
            (select max(credited) from private.line_credits where list = $1) as most`,
    [LIST],
  );
  print(
    `\n${size.toLocaleString('en-US')} members (seeded and kept in ${seconds(seeded)}): ` +
      `${shape[0].chunks} chunks, ${shape[0].credited} members with credit (at most ${shape[0].most}); ` +
      `load average ${load()}`,
  );

  // The members whose place is read: READS at random along the line, and the last 10 with credit.
  const { rows: asked } = await asSuperuser(
    `(select id, false as credit from public.early_access_signups
       where confirmed_at is not null order by random() limit $1)
     union all
     (select x.id, true from private.line_credits x where x.list = $2
       order by x.confirmed_at desc limit 10)`,
    [READS, LIST],
  );
  const reads = { plain: [] as number[], credit: [] as number[], roundTrip: [] as number[] };
  for (const row of asked) {
    await timed('select public.signup_place($1, $2)', [LIST, row.id]); // warm
    const { server, roundTrip } = await timed('select public.signup_place($1, $2)', [LIST, row.id]);
    (row.credit ? reads.credit : reads.plain).push(server);
    reads.roundTrip.push(roundTrip);
  }
  print(`  signup_place, a member without credit (${reads.plain.length}): ${summary(reads.plain)}`);
  print(`  signup_place, a member with credit (${reads.credit.length}): ${summary(reads.credit)}`);
  print(`  signup_place, round trip of one transaction: ${summary(reads.roundTrip)}`);

  // The same place ranked from the rows, as every read did before the line was kept (the superuser's:
  // the service role may not call it).
  const { server: ranked } = await timed(
    `select place from private.line_places_from_rows($1) where id = $2`,
    [LIST, asked[0].id],
    (work) => database.transaction(work),
  );
  print(`  the same place ranked from the rows (the old read): ${ms(ranked)} ms`);

  // What changes a place: confirmations (the maintenance, the cap, the place mail queued and the place
  // answered), the place mails taken, and erasures near the front of the line.
  const confirms: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    confirmations += 1;
    confirms.push(await confirmNew(confirmations, Math.floor(Math.random() * size)));
  }
  print(`  confirm_signup of a referred sign-up (10): ${summary(confirms)}`);
  const takes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const started = performance.now();
    await asService((db) => db.query('select public.take_queued_mail(60)'));
    takes.push(performance.now() - started);
  }
  print(`  take_queued_mail of a place mail (10): ${summary(takes)}`);
  const erasures: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const n = 1 + Math.floor(Math.random() * Math.max(1, size / 100));
    const hash = `e${i}${size}`.padStart(64, 'f');
    await asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
       values ($1, 'erase', private.mailbox_sha256($2), now() + interval '1 hour') on conflict do nothing`,
      [hash, `member${n}@example.com`],
    );
    const started = performance.now();
    await asService((db) => db.query('select public.erase_mailbox_records($1)', [hash]));
    erasures.push(performance.now() - started);
  }
  print(`  erase_mailbox_records of a member in the first 1 % (5): ${summary(erasures)}`);

  const checking = performance.now();
  const { rows: problems } = await asSuperuser('select private.check_line($1) as problem', [LIST]);
  print(
    `  private.check_line: ${
      problems.length === 0
        ? 'the kept line is the rows’'
        : problems
            .slice(0, 5)
            .map((p) => p.problem)
            .join('; ')
    } ` + `(${seconds(performance.now() - checking)})`,
  );
  const rebuilding = performance.now();
  await asSuperuser('select private.rebuild_line($1)', [LIST]);
  print(
    `  private.rebuild_line: ${seconds(performance.now() - rebuilding)}; load average ${load()}`,
  );
}

await database.close();
await postgres?.stop();
