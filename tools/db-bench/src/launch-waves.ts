// A launch wave at scale (docs/launch-waves.md, "At a million members"): seeds one early-access line of
// MEMBERS confirmed members (default 1,000,000; 2 % of them referrals, as tools/db-bench/src/line-places.ts
// grows its line) and times, as a staff session calls it (its role and claims, one transaction, as
// PostgREST runs it): a dry run of the next 10,000, sending them (decided and queued), the next 10,000
// after that, and the next 10,000 once half the line has been invited; then the mail queue's take with
// the wave's mail queued, and a confirmation queued after it. Checks that each wave's places are the
// line's (every 1,000th against public.signup_place) and that nobody is invited twice. Not a test and
// not part of `npm test`:
//
//   npm run launch-waves -w @agentora/db-bench              # PostgreSQL (tools/test-postgres)
//   npm run launch-waves -w @agentora/db-bench -- --pglite  # PGlite, in memory
//
// MEMBERS=<n> seeds another line; WAVE=<n> another wave size (at most 10,000); RUNS=<n> how often the
// first send is timed, rolled back (3), before it is made for good.
import { readFile } from 'node:fs/promises';
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
import {
  fixtureAuthEmail,
  insertSignedInStaff,
  sessionClaims,
} from '@agentora/backend/testing/staff-auth';

const MEMBERS = Number(process.env.MEMBERS ?? 1_000_000);
const WAVE = Number(process.env.WAVE ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 3);
const STAFF = 'waves.bench@example.com';

const onPglite = process.argv.includes('--pglite');
let postgres: TestPostgres | undefined;
if (!onPglite) postgres = await startTestPostgres();
const database: Database = await openDatabase({
  databaseUrl: postgres?.url,
  onError: (error) => {
    if ((error as { code?: string }).code !== '57P01') process.stderr.write(`${String(error)}\n`);
  },
});

const asSuperuser = (sql: string, values: unknown[] = []) =>
  database.transaction((db) => db.query(sql, values));
const claims = sessionClaims(fixtureAuthEmail(1));
const asService = (sql: string, values: unknown[] = []) =>
  asCaller(database, { role: 'service_role', claims: { role: 'service_role' } }, (db) =>
    db.query(sql, values),
  );

const print = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The CPU time a PostgreSQL backend has used, in ms (/proc/<pid>/stat: utime and stime, in ticks of
 * 10 ms). On a machine shared with other work the wall time of a call grows with the load; the CPU
 * time its backend spent is what the call itself costs (the PGlite run has no such process).
 */
async function backendCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Times one call as the staff session, in one transaction as PostgREST runs it: its answer, the
 * milliseconds round trip and, on PostgreSQL, the CPU time its backend spent on it.
 */
async function timedWave(
  dryRun: boolean,
  options: { rollBack?: boolean } = {},
): Promise<{ answer: Record<string, unknown>; ms: number; cpuMs: number | null }> {
  let timed: { answer: Record<string, unknown>; ms: number; cpuMs: number | null } | undefined;
  const call = asCaller(database, { role: 'authenticated', claims }, async (db) => {
    const pid = onPglite
      ? null
      : Number((await db.query('select pg_backend_pid() as pid')).rows[0].pid);
    const cpuBefore = pid === null ? 0 : await backendCpuMs(pid);
    const started = performance.now();
    const { rows } = await db.query('select public.console_invite_wave($1, $2, $3) as r', [
      'early_access',
      WAVE,
      dryRun,
    ]);
    const ms = performance.now() - started;
    const cpuMs = pid === null ? null : (await backendCpuMs(pid)) - cpuBefore;
    timed = { answer: rows[0].r as Record<string, unknown>, ms, cpuMs };
    if (options.rollBack) throw ROLLED_BACK;
    return timed;
  });
  await call.catch((error: unknown) => {
    if (error !== ROLLED_BACK) throw error;
  });
  return timed as NonNullable<typeof timed>;
}

const ROLLED_BACK = new Error('rolled back on purpose');

/** The same send RUNS times, each rolled back (the same work each time), then once for good. */
async function timedSends(): Promise<Awaited<ReturnType<typeof timedWave>>> {
  const tries = [];
  for (let run = 0; run < RUNS; run += 1) tries.push(await timedWave(false, { rollBack: true }));
  const byMs = [...tries].sort((a, b) => a.ms - b.ms);
  print(
    `  the same send, rolled back, ${RUNS} times: ${tries.map((t) => timing(t)).join('; ')}; ` +
      `median ${timing(byMs[Math.floor(RUNS / 2)])}`,
  );
  return timedWave(false);
}

const timing = ({ ms, cpuMs }: { ms: number; cpuMs: number | null }) =>
  cpuMs === null ? seconds(ms) : `${seconds(ms)} (its backend's CPU time ${seconds(cpuMs)})`;

const describeWave = (answer: Record<string, unknown>) =>
  `invited ${answer.invited}, places ${answer.first_place} to ${answer.last_place}, ` +
  `passed over ${(answer.skipped as { total: number }).total}`;

/** Every 1,000th member of the wave holds the place signup_place gives it, and nobody is invited twice. */
async function checkWave(wave: unknown): Promise<string> {
  const { rows } = await asSuperuser(
    `select count(*) filter (where i.place <> (public.signup_place('early_access', i.early_access_id) ->> 'position')::bigint)::integer as wrong,
            count(*)::integer as checked
       from (select i.*, row_number() over (order by i.place) as n
               from public.invitations i where i.wave_id = $1) i
      where i.n % 1000 = 1`,
    [wave],
  );
  const { rows: twice } = await asSuperuser(
    `select count(*) - count(distinct early_access_id) as twice from public.invitations`,
  );
  return `${rows[0].checked} places checked against signup_place, ${rows[0].wrong} wrong; ${twice[0].twice} invited twice`;
}

// Seeding ------------------------------------------------------------------------------------------------

const migrating = performance.now();
await migrate(database, DEFAULT_MIGRATIONS_DIR);
await insertSignedInStaff(asSuperuser, STAFF, claims);
print(
  `launch-waves: ${onPglite ? 'PGlite (in memory)' : `PostgreSQL ${postgres?.major} (tools/test-postgres)`}, ` +
    `${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GB; migrated in ${seconds(performance.now() - migrating)}`,
);
const seeding = performance.now();
// As line-places.ts grows its line: one a minute, every 50th (from the 500th) a confirmed referral of the
// member 499 ahead, every 1,000th of the first member of its 100,000 instead. Written as a bulk load (row
// triggers off); the kept line's statement trigger rebuilds the list.
await database.transaction(async (db) => {
  await db.query(`set local session_replication_role = replica`);
  await db.query(
    `insert into public.early_access_signups (email, created_at, confirmed_at, referral_code, referred_by)
     select 'member' || n || '@example.com', t.at, t.at + interval '1 second', lpad(to_hex(n), 16, '0'),
            case when n >= 500 and n % 1000 = 999 then lpad(to_hex(n - n % 100000), 16, '0')
                 when n >= 500 and n % 50 = 49 then lpad(to_hex(n - 499), 16, '0') end
       from generate_series(0, $1::integer - 1) n,
            lateral (select timestamptz '2024-01-01 00:00:00+00' + n * interval '1 minute' as at) t`,
    [MEMBERS],
  );
});
// A few who bounced, unsubscribed or never confirmed, among the first places.
await asSuperuser(
  `insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason)
   select private.mailbox_sha256(a), private.address_sha256(a), 'bounced'
     from generate_series(5, 5000, 97) n, lateral (select 'member' || n || '@example.com' as a) m`,
);
await asSuperuser(
  `insert into public.early_access_signups (email, created_at)
   select 'unconfirmed' || n || '@example.com', timestamptz '2024-01-01 00:00:00+00' + n * interval '7 minutes'
     from generate_series(1, 2000) n`,
);
for (const table of [
  'public.early_access_signups',
  'private.line_chunks',
  'private.line_credits',
]) {
  await asSuperuser(`analyze ${table}`);
}
print(
  `\n${MEMBERS.toLocaleString('en-US')} members seeded and kept in ${seconds(performance.now() - seeding)}; load average ${load()}`,
);

// Waves --------------------------------------------------------------------------------------------------

const dry = await timedWave(true);
print(
  `  dry run of the next ${WAVE.toLocaleString('en-US')}: ${timing(dry)} (${describeWave(dry.answer)})`,
);
const first = await timedSends();
print(
  `  the next ${WAVE.toLocaleString('en-US')}, decided and queued: ${timing(first)} (${describeWave(first.answer)}); ${await checkWave(first.answer.wave)}`,
);
const second = await timedWave(false);
print(
  `  the ${WAVE.toLocaleString('en-US')} after them: ${timing(second)} (${describeWave(second.answer)}); ${await checkWave(second.answer.wave)}`,
);

// The wave's mail in the queue: a take of 100, and a confirmation queued after the wave goes first.
const takes: number[] = [];
for (let i = 0; i < 5; i += 1) {
  const started = performance.now();
  const { rows } = await asService('select public.take_mail_batch(60, 100) as r');
  takes.push(performance.now() - started);
  await asService('select public.settle_mail_batch($1, $2)', [
    (rows[0].r as Array<{ lease: string }>)[0].lease,
    JSON.stringify(
      (rows[0].r as Array<{ id: string }>).map((m) => ({ id: m.id, outcome: 'released' })),
    ),
  ]);
}
await asSuperuser(
  `insert into public.mail_queue (id, kind, list, early_access_id)
   select gen_random_uuid(), 'thank_you', 'early_access', id from public.early_access_signups
    where email = 'unconfirmed1@example.com'`,
);
const { rows: taken } = await asService('select public.take_mail_batch(60, 100) as r');
const kinds = (taken[0].r as Array<{ kind: string }>).map((mail) => mail.kind);
print(
  `  take_mail_batch(100) with ${(Number(first.answer.invited) + Number(second.answer.invited)).toLocaleString('en-US')} invitations queued: ` +
    `${takes.map((ms) => ms.toFixed(1)).join(', ')} ms; with a confirmation queued after them, the next take holds it: ${kinds.includes('thank_you')}`,
);
await asSuperuser(`delete from public.mail_queue`);

// Half the line invited already (written directly, as earlier waves would have), then the next wave.
const half = Math.floor(MEMBERS / 2);
await asSuperuser(
  `with w as (
     insert into public.launch_waves (list, rule, next_count, status, starts_at, created_by, started_at, outcome)
     values ('early_access', 'next', 10000, 'started', now(), $2, now(), '{}') returning id
   )
   insert into public.invitations (wave_id, list, early_access_id, place, expires_at, message_id)
   select w.id, 'early_access', f.id, f.place, now() + interval '30 days', gen_random_uuid()
     from w, private.line_front('early_access', $1) f
    where not exists (select from public.invitations i where i.early_access_id = f.id)`,
  [half, STAFF],
);
await asSuperuser('analyze public.invitations');
const deep = await timedWave(false);
print(
  `  the next ${WAVE.toLocaleString('en-US')} once ${half.toLocaleString('en-US')} are invited: ${timing(deep)} (${describeWave(deep.answer)}); ${await checkWave(deep.answer.wave)}`,
);
print(`  load average ${load()}`);

await database.close();
await postgres?.stop();
