import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

/**
 * The seed files of supabase/config.toml's [db.seed] (enabled, sql_paths), relative to the project
 * folder: what `supabase start` runs once on a new local database and `supabase db reset` runs again.
 * Hosted databases never get them (`supabase db push` runs no seed unless told to with --include-seed,
 * which the deploy workflow does not pass). Only the keys this project writes are understood.
 */
export function readSeedFiles(supabaseDir: string): string[] {
  const toml = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
  let inSeed = false;
  let enabled = true;
  let files = ['./seed.sql'];
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const table = /^\[(.+)\]$/.exec(line);
    if (table) {
      inSeed = table[1] === 'db.seed';
      continue;
    }
    if (!inSeed) continue;
    const setting = /^([a-z_]+)\s*=\s*(.+)$/.exec(line);
    if (setting?.[1] === 'enabled') enabled = setting[2] === 'true';
    if (setting?.[1] === 'sql_paths') {
      files = [...setting[2].matchAll(/"([^"]+)"|'([^']+)'/g)].map((match) => match[1] ?? match[2]);
    }
  }
  return enabled ? files.map((file) => path.resolve(supabaseDir, file)) : [];
}

/** Runs the seed files in one transaction, in order. */
export async function applySeed(database: Database, files: readonly string[]): Promise<void> {
  const scripts = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  await database.transaction(async (db) => {
    for (const sql of scripts) await db.query(sql);
  });
}
