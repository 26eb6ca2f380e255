import { rm } from 'node:fs/promises';
import { FUNCTION_CALLS_DIR_ENV } from '@agentora/local-supabase/testing';
import { functionsNeverCalled } from './called-functions.ts';

// Holds every PL/pgSQL function to having run on PGlite (global-setup.ts). Only a run of the whole set
// can tell; a run of some files (a path or name pattern, changed files, a shard) says so and checks none.
/** What Jest's global config says of the files it picked (its GlobalConfig, in part). */
interface Picked {
  testPathPatterns: { isSet(): boolean };
  testNamePattern?: string;
  onlyChanged: boolean;
  onlyFailures: boolean;
  findRelatedTests: boolean;
  shard?: unknown;
}

export default async function globalTeardown(config: Picked): Promise<void> {
  const dir = process.env[FUNCTION_CALLS_DIR_ENV];
  if (!dir) return;
  delete process.env[FUNCTION_CALLS_DIR_ENV];
  try {
    if (ranPartOfTheSet(config)) {
      process.stdout.write('\nSome files ran: which functions ran on PGlite is not checked.\n');
      return;
    }
    const never = await functionsNeverCalled(dir);
    if (never.length > 0)
      throw new Error(
        `${never.length} PL/pgSQL function(s) ran in no test on PGlite:\n  ${never.join('\n  ')}\n` +
          'Add a test file that calls them to tests/pglite/on-pglite-too.cjs.',
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function ranPartOfTheSet(config: Picked): boolean {
  return Boolean(
    config.testPathPatterns.isSet() ||
    config.testNamePattern ||
    config.onlyChanged ||
    config.onlyFailures ||
    config.findRelatedTests ||
    config.shard,
  );
}
