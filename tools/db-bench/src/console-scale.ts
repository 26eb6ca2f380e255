// The console's lists at 100,000 rows per table (docs/backend.md, "The console's data"): seeds a fresh
// database with the migrations and 100,000 rows in each of the four tables, then times the console's
// functions as a staff session calls them (the role, the claims and one transaction per call, as
// PostgREST runs them), and shows the plans of the queries they run. Not part of `npm test`:
//
//   npm run console-scale -w @agentora/db-bench                # PGlite (in memory)
//   npm run console-scale -w @agentora/db-bench -- --postgres  # PostgreSQL (tools/test-postgres)
//
// ROWS=<n> seeds another number of rows; RUNS=<n> times each call n times (default 5, the median shown).
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startTestPostgres, type TestPostgres } from '@agentora/test-postgres';
import {
  asCaller,
  DEFAULT_MIGRATIONS_DIR,
  migrate,
  openDatabase,
  type Database,
} from '@agentora/local-supabase/testing';
import {
  fixtureAuthEmail,
  insertSignedInStaff,
  sessionClaims,
} from '@agentora/backend/testing/staff-auth';
import { applicationArgs, signupArgs } from '@agentora/backend/testing/console';
import { namedCall } from '@agentora/backend/testing/named-call';

const ROWS = Number(process.env.ROWS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const STAFF = 'scale.staff@example.com';

const onPostgres = process.argv.includes('--postgres');
let postgres: TestPostgres | undefined;
if (onPostgres) postgres = await startTestPostgres();
const database: Database = await openDatabase({ databaseUrl: postgres?.url });

const asSuperuser = (sql: string, values: unknown[] = []) =>
  database.transaction((db) => db.query(sql, values));
// A live Auth session of the staff member's Auth address (private.staff_caller asks for one).
const claims = sessionClaims(fixtureAuthEmail(1));
const asStaff = (sql: string, values: unknown[] = []) =>
  asCaller(database, { role: 'authenticated', claims }, (db) => db.query(sql, values));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// Seeding -------------------------------------------------------------------------------------------------

const started = performance.now();
await migrate(database, DEFAULT_MIGRATIONS_DIR);
await insertSignedInStaff(asSuperuser, STAFF, claims);
// Other users' sessions, as a year of sign-in codes might leave them: the staff check reads
// auth.sessions on every call. SESSIONS=<n> (default 10,000).
await database.transaction(async (db) => {
  await db.query(
    `with u as (
       insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
              'authenticated', 'visitor' || n || '@example.com', now(), now()
         from generate_series(1, $1) n
       returning id)
     insert into auth.sessions (id, user_id, created_at, updated_at)
     select gen_random_uuid(), u.id, now(), now() from u`,
    [Number(process.env.SESSIONS ?? 10_000)],
  );
  await db.query('analyze auth.users');
  await db.query('analyze auth.sessions');
});

// A year of sign-ups, spread evenly; about 70 % confirmed; on the waitlist 5 % invited. The rate limit and
// suppression triggers are for anon's inserts and are not what is measured: replica mode skips them.
const LAST_NAMES = `'{Lovelace,Hopper,Turing,Liskov,Hamilton,Knuth,Ritchie,Thompson,Wirth,Dijkstra,Backus,Kay}'`;
const FIRST_NAMES = `'{Ada,Grace,Alan,Barbara,Margaret,Donald,Dennis,Ken,Niklaus,Edsger,John,Alan}'`;
const seed = (table: string, columns: string, values: string) =>
  database.transaction(async (db) => {
    await db.query(`set local session_replication_role = replica`);
    await db.query(
      `insert into public.${table} (${columns})
       select ${values}
         from generate_series(1, $1) as n,
              lateral (select now() - (n * interval '365 days' / $1) as at) t`,
      [ROWS],
    );
  });
// Early access: a source on most rows, and every 50th sign-up a referrer of the 10 after it that name its
// code (codes made from n here, as replica mode skips the trigger that would draw them).
await seed(
  'early_access_signups',
  'email, created_at, confirmed_at, utm_source, referrer_host, landing_path, referral_code, referred_by',
  `'early' || n || '.' || md5(n::text) || '@example' || (n % 97) || '.com', t.at,
   case when n % 10 < 7 then t.at + interval '1 hour' end,
   (array[null, 'launch-post', 'newsletter', null])[1 + n % 4],
   (array[null, 'x.com', null, 'news.ycombinator.com'])[1 + n % 4],
   (array['/', '/pricing', '/blog/agents', '/'])[1 + n % 4],
   lpad(to_hex(n), 16, '0'),
   case when n % 50 between 1 and 10 then lpad(to_hex(n - n % 50), 16, '0') end`,
);
await seed(
  'newsletter_subscriptions',
  'email, created_at, confirmed_at',
  `'news' || n || '.' || md5(n::text) || '@example' || (n % 97) || '.com', t.at,
   case when n % 10 < 7 then t.at + interval '1 hour' end`,
);
await seed(
  'waitlist_signups',
  `first_name, last_name, email, company, role, company_size, use_case, hear_about, created_at,
   confirmed_at, invited_at, invited_by`,
  `(${FIRST_NAMES}::text[])[1 + n % 12], (${LAST_NAMES}::text[])[1 + (n / 12) % 12],
   'wait' || n || '.' || md5(n::text) || '@example' || (n % 97) || '.com',
   'Company ' || (n % 5000), 'Engineer', '11-50', 'Agents for reports', 'search', t.at,
   case when n % 10 < 7 then t.at + interval '1 hour' end,
   case when n % 20 = 0 then t.at + interval '2 days' end,
   case when n % 20 = 0 then '${STAFF}' end`,
);
await seed(
  'general_applications',
  `first_name, last_name, email, location, "current_role", why_join, status, created_at`,
  `(${FIRST_NAMES}::text[])[1 + n % 12], (${LAST_NAMES}::text[])[1 + (n / 12) % 12],
   'apply' || n || '.' || md5(n::text) || '@example' || (n % 97) || '.com', 'London', 'Engineer',
   'To build it.',
   (array['pending','pending','pending','reviewing','interviewing','offer','rejected','withdrawn'])[1 + n % 8],
   t.at`,
);
// As autovacuum would soon after a load (statistics for the planner, the visibility map for counts).
// A year of visit counts: 20 paths and 10 sources a day.
await database.transaction((db) =>
  db.query(
    `insert into public.visit_counts (day, path, source, referrer_host, views, landings)
     select current_date - d, '/page' || p, case when s < 5 then 'source' || s else '' end,
            case when s >= 5 and s < 9 then 'site' || s || '.example' else '' end, 40 + s, 10 + p
       from generate_series(0, 364) d, generate_series(1, 20) p, generate_series(0, 9) s`,
  ),
);
for (const table of [
  'early_access_signups',
  'newsletter_subscriptions',
  'waitlist_signups',
  'general_applications',
  'visit_counts',
]) {
  await database.transaction((db) => db.query(`analyze public.${table}`));
}
// The kept line (supabase/schemas/line.sql), which the seeding's statement triggers rebuilt.
await database.transaction((db) => db.query('analyze private.line_chunks, private.line_credits'));
if (onPostgres) {
  // VACUUM cannot run inside a transaction block.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgres?.url });
  await client.connect();
  await client.query('vacuum');
  await client.end();
}
const seeded = performance.now() - started;

// Timing ----------------------------------------------------------------------------------------------------

// The list functions' every argument (test-support/console.ts), a page of 50 from the top unless set.
const signups = (args: Record<string, unknown>) =>
  signupArgs({ p_limit: 50, p_offset: 0, ...args });
const applications = (args: Record<string, unknown>) =>
  applicationArgs({ p_limit: 50, p_offset: 0, ...args });
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const CASES: Array<[label: string, fn: string, args: Record<string, unknown>]> = [
  ['waitlist, first page (newest first)', 'console_signups', signups({})],
  ['waitlist, deep page (offset 50,000)', 'console_signups', signups({ p_offset: 50_000 })],
  [
    'waitlist, by address, first page',
    'console_signups',
    signups({ p_sort: 'email', p_descending: false }),
  ],
  [
    'waitlist, by address, offset 50,000',
    'console_signups',
    signups({ p_sort: 'email', p_offset: 50_000 }),
  ],
  [
    'waitlist, search "hopper" (names, company, address)',
    'console_signups',
    signups({ p_search: 'hopper' }),
  ],
  ['waitlist, search one address', 'console_signups', signups({ p_search: 'wait77777.' })],
  ['waitlist, search with no match', 'console_signups', signups({ p_search: 'nobody-at-all' })],
  [
    'waitlist, confirmed, last 30 days',
    'console_signups',
    signups({ p_confirmed: true, p_from: day(30), p_to: day(0) }),
  ],
  ['waitlist, invited', 'console_signups', signups({ p_invited: true })],
  [
    'waitlist, not invited, confirmed, offset 50,000',
    'console_signups',
    signups({ p_invited: false, p_confirmed: true, p_offset: 50_000 }),
  ],
  ['newsletter, first page', 'console_signups', signups({ p_form: 'newsletter' })],
  [
    'newsletter, search "news4242"',
    'console_signups',
    signups({ p_form: 'newsletter', p_search: 'news4242' }),
  ],
  ['applications, first page', 'console_applications', applications({})],
  [
    'applications, deep page (offset 50,000)',
    'console_applications',
    applications({ p_offset: 50_000 }),
  ],
  [
    'applications, by last name, offset 50,000',
    'console_applications',
    applications({ p_sort: 'last_name', p_offset: 50_000 }),
  ],
  ['applications, status offer', 'console_applications', applications({ p_status: 'offer' })],
  [
    'applications, status offer, offset 10,000',
    'console_applications',
    applications({ p_status: 'offer', p_offset: 10_000 }),
  ],
  [
    'applications, search "grace hopper"',
    'console_applications',
    applications({ p_search: 'grace hopper' }),
  ],
  [
    'per-day counts, last 30 days (4 tables)',
    'console_signups_per_day',
    { p_from: day(30), p_to: day(0) },
  ],
  [
    'per-day counts, whole year (4 tables)',
    'console_signups_per_day',
    { p_from: day(366), p_to: day(0) },
  ],
  [
    'export page of 1000, mid-table (keyset)',
    'console_export_rows',
    {
      // The waitlist, unfiltered: the line console_log_export wrote.
      p_export: (await asStaff(`select public.console_log_export('waitlist', '{}') as id`)).rows[0]
        .id,
      p_after_created_at: new Date(Date.now() - 180 * 86_400_000).toISOString(),
      p_after_id: '00000000-0000-0000-0000-000000000000',
      p_limit: 1000,
    },
  ],
  [
    'early access, source "launch-post", first page',
    'console_signups',
    signups({ p_form: 'early_access', p_source: 'launch-post' }),
  ],
  [
    'early access, source "news.ycombinator.com", confirmed',
    'console_signups',
    signups({ p_form: 'early_access', p_source: 'news.ycombinator.com', p_confirmed: true }),
  ],
  ['sources, last 30 days', 'console_growth', { p_from: day(30), p_to: day(0) }],
  ['sources, whole year', 'console_growth', { p_from: day(366), p_to: day(0) }],
  [
    'referrals, last 30 days (the place of each referrer on the page)',
    'console_referrals',
    { p_from: day(30), p_to: day(0), p_suspected: false, p_limit: 50, p_offset: 0 },
  ],
  [
    'referrals, whole year, suspected only',
    'console_referrals',
    { p_from: null, p_to: null, p_suspected: true, p_limit: 50, p_offset: 0 },
  ],
  ['who is signed in (the staff check alone)', 'console_whoami', {}],
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results: Array<{ label: string; ms: number; total: unknown }> = [];
for (const [label, fn, args] of CASES) {
  const { sql, values } = namedCall(fn, args);
  const times: number[] = [];
  let total: unknown;
  for (let run = 0; run < RUNS + 1; run += 1) {
    const at = performance.now();
    const { rows } = await asStaff(sql, values);
    // The first run warms the caches and is not counted.
    if (run > 0) times.push(performance.now() - at);
    const answer = rows[0].r;
    total = Array.isArray(answer) ? `${answer.length} rows` : (answer as { total?: unknown }).total;
  }
  results.push({ label, ms: median(times), total });
}

// Plans --------------------------------------------------------------------------------------------------------

// The statements console_signups and console_applications build for these cases (their EXECUTE), as
// EXPLAIN shows them; only the plan's shape is printed.
const PLANS: Array<[label: string, sql: string, values: unknown[]]> = [
  [
    'waitlist page, newest first, offset 50,000',
    `select s.id from public.waitlist_signups s where true order by s.created_at desc, s.id desc limit 50 offset 50000`,
    [],
  ],
  [
    'waitlist page by address',
    `select s.id from public.waitlist_signups s where true order by lower(s.email) asc, s.id asc limit 50 offset 0`,
    [],
  ],
  [
    'waitlist, confirmed, one month',
    `select s.id from public.waitlist_signups s where true and s.created_at >= $1 and s.created_at < $2 and (s.confirmed_at is not null) = true order by s.created_at desc, s.id desc limit 50`,
    [day(30), day(-1)],
  ],
  [
    'waitlist, search',
    `select count(*) from public.waitlist_signups s where true and lower(s.email || ' ' || s.first_name || ' ' || s.last_name || ' ' || s.company) like $1`,
    ['%hopper%'],
  ],
  [
    'applications by status',
    `select s.id from public.general_applications s where true and s.status = $1 order by s.created_at desc, s.id desc limit 50 offset 10000`,
    ['offer'],
  ],
  [
    'applications by last name',
    `select s.id from public.general_applications s where true order by lower(s.last_name) desc, lower(s.first_name) desc, s.id desc limit 50 offset 50000`,
    [],
  ],
  [
    'per-day counts, one month (one table)',
    `select (created_at at time zone 'UTC')::date, count(*) from public.waitlist_signups where created_at >= $1 and created_at < $2 group by 1`,
    [day(30), day(-1)],
  ],
  [
    'the staff check: a live session of the address',
    `select from auth.sessions s join auth.users u on u.id = s.user_id
      where s.id::text = $1 and s.user_id::text = $2 and lower(u.email) = $3
        and (s.not_after is null or s.not_after > now())`,
    [claims.session_id, claims.sub, STAFF],
  ],
  [
    'export keyset page',
    `select s.id from public.waitlist_signups s where true and (s.created_at, s.id) > ($1, $2) order by s.created_at, s.id limit 1000`,
    [new Date(Date.now() - 180 * 86_400_000).toISOString(), '00000000-0000-0000-0000-000000000000'],
  ],
];
const plans: Array<[string, string[]]> = [];
for (const [label, sql, values] of PLANS) {
  const { rows } = await asSuperuser(`explain (costs off) ${sql}`, values);
  plans.push([label, rows.map((row) => String(row['QUERY PLAN']))]);
}

// Report --------------------------------------------------------------------------------------------------------

const { rows: version } = await asSuperuser('select version() as v');
process.stdout.write(
  `${String(version[0].v).split(' on ')[0]}, ${ROWS.toLocaleString('en')} rows per table, ` +
    `seeded in ${seconds(seeded)}; median of ${RUNS} runs after a warm-up; ` +
    `${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n\n`,
);
process.stdout.write('| call | ms | total |\n| --- | ---: | ---: |\n');
for (const { label, ms, total } of results) {
  process.stdout.write(`| ${label} | ${ms.toFixed(1)} | ${String(total ?? '')} |\n`);
}
for (const [label, lines] of plans) {
  process.stdout.write(`\n${label}:\n${lines.map((line) => `    ${line}`).join('\n')}\n`);
}
await database.close();
await postgres?.stop();
