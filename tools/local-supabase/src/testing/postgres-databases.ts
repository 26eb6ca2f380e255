import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migratedTemplate } from './postgres-template.ts';

/**
 * The PostgreSQL server the tests run on instead of PGlite (a superuser URL), from
 * LOCAL_SUPABASE_TEST_POSTGRES_URL; undefined runs them on PGlite. @agentora/backend's `test-postgres`
 * target starts a throwaway server and sets it.
 */
export const TEST_POSTGRES_URL_ENV = 'LOCAL_SUPABASE_TEST_POSTGRES_URL';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the test PostgreSQL server, so that every test file starts from nothing, as a new
 * hosted project does, while sharing one server: empty, or with `migratedBy` (a migrations folder) a
 * copy of a database those migrations were applied to (postgres-template.ts). Undefined when the tests
 * run on PGlite.
 */
export async function freshPostgresDatabase(
  options: { migratedBy?: string } = {},
): Promise<FreshDatabase | undefined> {
  const serverUrl = process.env[TEST_POSTGRES_URL_ENV];
  if (!serverUrl) return undefined;
  const template = options.migratedBy
    ? await migratedTemplate(serverUrl, options.migratedBy)
    : undefined;
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // A file copy (one checkpoint, cheap with the test server's fsync off) rather than PostgreSQL 15's
    // default, which writes every page of the copy to the WAL: about a fifth of the CPU per database.
    await admin.query(
      `create database ${name}${template ? ` template ${template}` : ''} strategy file_copy`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
