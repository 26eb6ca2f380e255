import type { QueryResult, QueryResultRow } from 'pg';

export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<QueryResult<R>>;
}

/** A database the server can run work on, one transaction at a time per connection. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Runs work inside BEGIN/COMMIT; any error rolls the whole transaction back and is rethrown. */
  transaction<T>(work: (db: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
  /** The request's headers as the gateway forwards them (src/http/forwarded-headers.ts). */
  headers?: Readonly<Record<string, string>>;
}

export async function inTransaction<T>(
  client: Queryable,
  work: (db: Queryable) => Promise<T>,
): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Runs work as the API caller, the way PostgREST does: a transaction-local role and JWT claims, so the
 * migrations' grants and RLS policies decide what the request may do, and nothing outlives the request.
 */
export function asCaller<T>(
  database: Database,
  caller: Caller,
  work: (db: Queryable) => Promise<T>,
): Promise<T> {
  return database.transaction(async (db) => {
    await becomeCaller(db, caller);
    return work(db);
  });
}

/**
 * Switches the current transaction to the caller's role, claims and request headers (until reset or
 * commit), the settings PostgREST gives every request.
 */
export async function becomeCaller(db: Queryable, caller: Caller): Promise<void> {
  await db.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.headers', $3, true)`,
    [caller.role, JSON.stringify(caller.claims), JSON.stringify(caller.headers ?? {})],
  );
}

/** Back to the connection's own (superuser) role inside the current transaction, for server bookkeeping. */
export async function asServer(db: Queryable): Promise<void> {
  await db.query('reset role');
}
