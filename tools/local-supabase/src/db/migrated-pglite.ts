import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { migrationsKey } from './migrations-key.ts';
import { pgliteDatabase } from './open.ts';
import {
  cachedClusterFile,
  createPglite,
  pgliteVersion,
  readCachedCluster,
  removeCachedClusters,
  saveCachedCluster,
  startPglite,
} from './pglite-template.ts';

// A new PGlite cluster is migrated once per set of migrations: the first new database is migrated and a
// copy of it kept (pglite-template.ts's cache), and the next ones are unpacked from that copy, which
// takes about as long as an empty cluster and saves applying every migration (seconds each time, more on
// a busy machine). The copy's name holds migrationsKey, so any change to a migration, the bootstrap or
// PGlite makes a new one. `migrate` still runs on the unpacked cluster (it applies nothing).
//
// Rows a migration writes with now() carry the time the copy was made (retention_settings'
// confirmation_required_since, from which sign-ups older than confirmation get their 30 days): a copy
// is used for a day at most, and copies older than that are removed when a new one is written.
export const MIGRATED_COPY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'pglite-migrated-';

export interface MigratedPglite {
  database: Database;
  /** The migrations this open applied (none when it started from the copy). */
  applied: string[];
  /** Whether the cluster was unpacked from the migrated copy. */
  fromCopy: boolean;
}

/** Where the migrated copy of `migrationsDir` is kept (there or not). */
export async function migratedCopyFile(migrationsDir: string): Promise<string> {
  const key = await migrationsKey(migrationsDir, `pglite ${pgliteVersion()}`);
  return cachedClusterFile(`${PREFIX}${key}.tar`);
}

/** A new PGlite cluster in `dir` (undefined: in memory) with every migration of `migrationsDir` applied. */
export async function openMigratedPglite(
  dir: string | undefined,
  migrationsDir: string,
  onError: (error: Error) => void,
): Promise<MigratedPglite> {
  const file = await migratedCopyFile(migrationsDir);
  const copy = await readCachedCluster(file, MIGRATED_COPY_MAX_AGE_MS);
  const pglite = copy ? await startPglite(dir, copy) : await createPglite(dir);
  const database = await pgliteDatabase(pglite, onError);
  try {
    const applied = await migrate(database, migrationsDir);
    if (!copy) {
      // Nothing else has touched the cluster yet: the copy is the migrations' result alone.
      await saveCachedCluster(pglite, file);
      await removeCachedClusters(PREFIX, MIGRATED_COPY_MAX_AGE_MS);
    }
    return { database, applied, fromCopy: copy !== undefined };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
