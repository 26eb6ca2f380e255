import { startTestPostgres, type TestPostgres } from '@agentora/test-postgres';
import { TEST_POSTGRES_URL_ENV } from '@agentora/local-supabase/testing';

// `test-postgres`: the same database tests on a real PostgreSQL server (Debian's, found or installed by
// @agentora/test-postgres); each test file gets a fresh database of its own on it.
declare global {
  var testPostgres: TestPostgres | undefined;
}

export default async function globalSetup(): Promise<void> {
  // In memory: every test file makes and drops a database, a copy of hundreds of files.
  const postgres = await startTestPostgres({ inMemory: true });
  globalThis.testPostgres = postgres;
  process.env[TEST_POSTGRES_URL_ENV] = postgres.url;
  // Its own pg_dump, for the test that holds the migrations to supabase/schemas
  // (declared-schema.postgres.test.ts).
  process.env.TEST_POSTGRES_BIN_DIR = postgres.binDir;
  process.stdout.write(`\nDatabase tests on PostgreSQL ${postgres.major} (${postgres.url})\n`);
}
