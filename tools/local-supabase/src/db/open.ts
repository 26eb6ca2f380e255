import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { inTransaction, type Database } from './database.ts';
import {
  countFunctionCalls,
  FUNCTION_CALLS_DIR_ENV,
  writeFunctionCalls,
} from './function-calls.ts';
import { createPglite } from './pglite-template.ts';
import { createSerialQueue } from './serial-queue.ts';

export interface OpenDatabaseOptions {
  /** A real PostgreSQL server (superuser connection); when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite's data folder; undefined keeps the database in memory. */
  pgliteDir?: string;
  onError?: (error: Error) => void;
}

/** The database of an open PGlite cluster, which it closes with itself. */
export async function pgliteDatabase(
  pglite: PGlite,
  onError: (error: Error) => void,
): Promise<Database> {
  // The same pg.Client code path as a real server; PGlite's adapter stands in for the socket.
  const client = new pg.Client(createPgConfig(pglite));
  client.on('error', onError);
  await client.connect();
  const callsDir = process.env[FUNCTION_CALLS_DIR_ENV];
  if (callsDir) await countFunctionCalls(client);
  const serial = createSerialQueue();
  let closed = false;
  return {
    kind: 'pglite',
    transaction: (work) => serial(() => inTransaction(client, work)),
    async close() {
      if (closed) return;
      closed = true;
      await serial(async () => {
        if (callsDir) await writeFunctionCalls(client, callsDir);
        await client.end();
        await pglite.close();
      });
    },
  };
}

async function openPostgres(
  connectionString: string,
  onError: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', onError);
  // Fail at start-up, not on the first request, when the server is unreachable.
  (await pool.connect()).release();
  return {
    kind: 'postgres',
    async transaction(work) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, work);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function databaseErrorHandler(options: OpenDatabaseOptions): (error: Error) => void {
  return options.onError ?? ((error) => console.error('local-supabase: database error', error));
}

/** Opens the database as it is: a new PGlite cluster is empty, a PostgreSQL database as the URL finds it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const onError = databaseErrorHandler(options);
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, onError)
    : pgliteDatabase(await createPglite(options.pgliteDir), onError);
}
