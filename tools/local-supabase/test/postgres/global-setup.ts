import { startTestPostgres, type TestPostgres } from '@agentora/test-postgres';
import { TEST_POSTGRES_URL_ENV } from '../../src/testing/postgres-databases.ts';

// `test-postgres`: the server's tests that reach the database (Auth, grants) on a real PostgreSQL
// (Debian's, found or installed by @agentora/test-postgres); each server gets a fresh database there.
declare global {
  var testPostgres: TestPostgres | undefined;
}

export default async function globalSetup(): Promise<void> {
  // In memory: every test file makes and drops a database, a copy of hundreds of files.
  const postgres = await startTestPostgres({ inMemory: true });
  globalThis.testPostgres = postgres;
  process.env[TEST_POSTGRES_URL_ENV] = postgres.url;
  process.stdout.write(
    `\nThe server's database tests on PostgreSQL ${postgres.major} (${postgres.url})\n`,
  );
}
