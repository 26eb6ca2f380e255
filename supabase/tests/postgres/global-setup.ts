import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestPostgres, type TestPostgres } from '@agentora/test-postgres';
import {
  FUNCTION_CALLS_FILE_ENV,
  TEST_POSTGRES_URL_ENV,
  TRACK_FUNCTIONS,
} from '@agentora/local-supabase/testing';

// `test-postgres`: the database tests where the engine matters (jest.postgres.config.cjs) on a real
// PostgreSQL server (Debian's, found or installed by @agentora/test-postgres); each test file gets a
// fresh database of its own on it. The server counts function calls, for the check in global-teardown.ts.
declare global {
  var testPostgres: TestPostgres | undefined;
}

export default async function globalSetup(): Promise<void> {
  const postgres = await startTestPostgres({ settings: TRACK_FUNCTIONS });
  globalThis.testPostgres = postgres;
  process.env[TEST_POSTGRES_URL_ENV] = postgres.url;
  process.env[FUNCTION_CALLS_FILE_ENV] = path.join(
    await mkdtemp(path.join(tmpdir(), 'backend-function-calls-')),
    'completed.txt',
  );
  // Its own pg_dump, for the test that holds the migrations to supabase/schemas
  // (declared-schema.postgres.test.ts).
  process.env.TEST_POSTGRES_BIN_DIR = postgres.binDir;
  process.stdout.write(`\nDatabase tests on PostgreSQL ${postgres.major} (${postgres.url})\n`);
}
