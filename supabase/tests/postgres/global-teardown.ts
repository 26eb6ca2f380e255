import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_MIGRATIONS_DIR,
  FUNCTION_CALLS_FILE_ENV,
  freshPostgresDatabase,
  functionsNeverCompleted,
} from '@agentora/local-supabase/testing';

// Every SQL function of public and private must have completed on PostgreSQL at least once in the run
// (tools/local-supabase/src/testing/postgres-function-calls.ts): most files run on PGlite alone, and a
// function only they call could be broken on PostgreSQL unseen. Checked when the whole suite ran.
export default async function globalTeardown(globalConfig: RunConfig): Promise<void> {
  const file = process.env[FUNCTION_CALLS_FILE_ENV];
  try {
    if (file && isWholeRun(globalConfig)) {
      const database = await freshPostgresDatabase({ migratedBy: DEFAULT_MIGRATIONS_DIR });
      let found = { all: 0, missing: [] as string[] };
      try {
        if (database) found = await functionsNeverCompleted(database.url, file);
      } finally {
        await database?.drop();
      }
      const { all, missing } = found;
      if (missing.length === 0) {
        process.stdout.write(
          `\nEach of the ${all} SQL functions of public and private completed on PostgreSQL.\n`,
        );
      } else {
        throw new Error(
          `These SQL functions never completed on PostgreSQL in this run: call each from a test that runs ` +
            `on PostgreSQL (jest.postgres.config.cjs, docs/backend.md "Which Postgres"):\n  ${missing.join('\n  ')}`,
        );
      }
    }
  } finally {
    if (file) await rm(path.dirname(file), { recursive: true, force: true });
    await globalThis.testPostgres?.stop();
  }
}

/** What of Jest's global config tells a run of some of the tests from a run of them all. */
interface RunConfig {
  testPathPatterns: { isSet(): boolean };
  testNamePattern?: string;
  onlyChanged: boolean;
  onlyFailures: boolean;
  findRelatedTests: boolean;
  changedSince?: string;
  lastCommit: boolean;
  shard?: unknown;
  filter?: string;
}

function isWholeRun(config: RunConfig): boolean {
  return !(
    config.testPathPatterns.isSet() ||
    config.testNamePattern ||
    config.onlyChanged ||
    config.onlyFailures ||
    config.findRelatedTests ||
    config.changedSince ||
    config.lastCommit ||
    config.shard ||
    config.filter
  );
}
