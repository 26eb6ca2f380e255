import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUNCTION_CALLS_DIR_ENV } from '@agentora/local-supabase/testing';

// `test`: the database tests whose engine matters run here on PGlite too (jest.config.cjs); every PGlite
// database they open counts the calls of the PL/pgSQL functions, and global-teardown.ts holds every
// function to having run at least once.
export default async function globalSetup(): Promise<void> {
  process.env[FUNCTION_CALLS_DIR_ENV] = await mkdtemp(
    path.join(tmpdir(), 'pglite-function-calls-'),
  );
}
