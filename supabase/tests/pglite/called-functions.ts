import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  openTestDatabase,
  plpgsqlFunctionCalls,
  type FunctionCalls,
} from '@agentora/local-supabase/testing';

/**
 * The PL/pgSQL functions of the migrated schema that no PGlite database of the run called, from the
 * files they wrote into `dir` (@agentora/local-supabase's FUNCTION_CALLS_DIR_ENV). Sorted.
 */
export async function functionsNeverCalled(dir: string): Promise<string[]> {
  const called = new Set<string>();
  for (const name of await readdir(dir)) {
    const record = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as FunctionCalls;
    for (const [signature, calls] of Object.entries(record.calls))
      if (calls > 0) called.add(signature);
  }
  const schema = await openTestDatabase();
  try {
    const all = await schema.database.transaction((db) => plpgsqlFunctionCalls(db));
    return Object.keys(all)
      .filter((signature) => !called.has(signature))
      .sort();
  } finally {
    await schema.close();
  }
}
