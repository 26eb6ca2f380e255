import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BOOTSTRAP_SQL } from './bootstrap-sql.ts';
import { listMigrations } from './migrate.ts';

/**
 * What a migrated database is made of, as one hash: the bootstrap and every migration's file name and
 * bytes, in the order `migrate` applies them, plus `engine` (the engine and its version). A copy of a
 * migrated database is kept under this key (migrated-pglite.ts, testing/postgres-template.ts), so a
 * change of any of them, a migration added or removed, or another PGlite makes a new one.
 */
export async function migrationsKey(migrationsDir: string, engine: string): Promise<string> {
  const hash = createHash('sha256');
  const part = (bytes: string | Buffer) => {
    // Each part with its length, so that no two different lists of parts hash alike.
    hash.update(`${Buffer.byteLength(bytes)}:`);
    hash.update(bytes);
  };
  part(engine);
  part(BOOTSTRAP_SQL);
  for (const migration of await listMigrations(migrationsDir)) {
    part(path.basename(migration.file));
    part(await readFile(migration.file));
  }
  return hash.digest('hex');
}
