import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Queryable } from './database.ts';

/**
 * Set, a PGlite database counts the calls of the project's PL/pgSQL functions and writes them, when it
 * closes, to a file of its own in this folder. @agentora/backend's PGlite tests set it to hold every
 * function to running on PGlite at least once, while most database tests run on PostgreSQL alone
 * (supabase/tests/pglite/called-functions.ts).
 */
export const FUNCTION_CALLS_DIR_ENV = 'LOCAL_SUPABASE_FUNCTION_CALLS_DIR';

/** What one database wrote: each PL/pgSQL function of public and private, by signature, and its calls. */
export interface FunctionCalls {
  calls: Record<string, number>;
}

// PL/pgSQL only: a SQL function's body is parsed and analysed against the schema when the migrations
// create it (check_function_bodies), on every engine the migrations run on, and a call is often inlined
// and never counted; a PL/pgSQL body is only parsed then, so only a call proves it runs.
const CALLS_SQL = `
  select p.oid::regprocedure::text as signature, coalesce(s.calls, 0)::int as calls
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_language l on l.oid = p.prolang
    left join pg_catalog.pg_stat_user_functions s on s.funcid = p.oid
   where l.lanname = 'plpgsql' and n.nspname in ('public', 'private')`;

/** Each PL/pgSQL function of public and private, by signature, and the calls counted so far. */
export async function plpgsqlFunctionCalls(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query<{ signature: string; calls: number }>(CALLS_SQL);
  return Object.fromEntries(rows.map((row) => [row.signature, row.calls]));
}

/** Starts counting from nothing (a cluster copied from the migrated one brings that one's counts). */
export async function countFunctionCalls(client: pg.Client): Promise<void> {
  await client.query(`set track_functions = 'all'`);
  await client.query('select pg_catalog.pg_stat_reset()');
}

/** Writes the calls counted so far to a new file in `dir`. */
export async function writeFunctionCalls(client: pg.Client, dir: string): Promise<void> {
  // Counts reach the views once the backend reports them, which it does after a statement when asked.
  await client.query('select pg_catalog.pg_stat_force_next_flush()');
  const record: FunctionCalls = {
    calls: await plpgsqlFunctionCalls(client),
  };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${randomUUID()}.json`), JSON.stringify(record));
}
