import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.ts';
import type { Database } from './database.ts';

/**
 * The seed files of supabase/config.toml's [db.seed] (enabled, sql_paths), relative to the project
 * folder: what `supabase start` runs once on a new local database and `supabase db reset` runs again.
 * Hosted databases never get them (`supabase db push` runs no seed unless told to with --include-seed,
 * which the deploy workflow does not pass).
 */
export function readSeedFiles(config: ProjectConfig): string[] {
  if (!config.boolean('db.seed', 'enabled', true)) return [];
  const files = config.strings('db.seed', 'sql_paths', ['./seed.sql']);
  return files.map((file) => path.resolve(path.dirname(config.file), file));
}

/** Runs the seed files in one transaction, in order. */
export async function applySeed(database: Database, files: readonly string[]): Promise<void> {
  const scripts = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  await database.transaction(async (db) => {
    for (const sql of scripts) await db.query(sql);
  });
}
