import { appendFile, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

// Which of the migrations' SQL functions ran on PostgreSQL in a test run. Most database tests run on PGlite
// alone (docs/backend.md, "Which Postgres"), so the PostgreSQL run checks that every function of public
// and private still completed there at least once: the server tracks calls (track_functions = all),
// each test database's counts are added to a file just before it is dropped (a function that raised
// an error is not counted), and the run's teardown names every function no test completed.
//
// But for one kind: a LANGUAGE sql function without a SET clause or SECURITY DEFINER, which PostgreSQL
// may inline into the statement that calls it and then does not count. Those are one SQL statement
// each, which PostgreSQL parses and checks against its catalog when the migration creates it
// (check_function_bodies), and every PostgreSQL run creates them; a PL/pgSQL body is checked only
// when it runs, and is always counted.

/** The file the counts go to; set by a run that checks them. */
export const FUNCTION_CALLS_FILE_ENV = 'LOCAL_SUPABASE_TEST_FUNCTION_CALLS';
/** The server setting that makes PostgreSQL count the calls of SQL and PL/pgSQL functions. */
export const TRACK_FUNCTIONS = { track_functions: 'all' } as const;

const SCHEMAS = ['public', 'private'];
/** A function's name with its schema and argument types, the same on every copy of a database. */
const SIGNATURE = `format('%s.%s(%s)', n.nspname, p.proname, oidvectortypes(p.proargtypes))`;

/** Adds the functions that completed on the database at `url` to the run's file, when there is one. */
export async function recordFunctionCalls(url: string): Promise<void> {
  const file = process.env[FUNCTION_CALLS_FILE_ENV];
  if (!file) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A connection's counts reach the statistics when it ends: wait for the test's to end.
    for (let tries = 0; tries < 100; tries += 1) {
      const { rows } = await client.query<{ others: number }>(
        `select count(*)::int as others from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (rows[0].others === 0) break;
      await sleep(100);
    }
    const { rows } = await client.query<{ name: string }>(
      `select ${SIGNATURE} as name
         from pg_stat_user_functions s
         join pg_proc p on p.oid = s.funcid join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1) and s.calls > 0`,
      [SCHEMAS],
    );
    if (rows.length > 0) await appendFile(file, rows.map((row) => `${row.name}\n`).join(''));
  } finally {
    await client.end();
  }
}

/**
 * The functions of public and private on the database at `url` that PostgreSQL counts (all: how many),
 * and those of them the run's file does not name.
 */
export async function functionsNeverCompleted(
  url: string,
  file: string,
): Promise<{ all: number; missing: string[] }> {
  const completed = new Set((await readFile(file, 'utf8').catch(() => '')).split('\n'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select ${SIGNATURE} as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         join pg_language l on l.oid = p.prolang
        where n.nspname = any($1) and p.prokind in ('f', 'p')
          and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          and not (l.lanname = 'sql' and p.proconfig is null and not p.prosecdef)
        order by 1`,
      [SCHEMAS],
    );
    const names = rows.map((row) => row.name);
    return { all: names.length, missing: names.filter((name) => !completed.has(name)) };
  } finally {
    await client.end();
  }
}
