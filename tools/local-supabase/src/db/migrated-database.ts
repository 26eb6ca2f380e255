import type { Database } from './database.ts';
import { listMigrations, migrate } from './migrate.ts';
import { openMigratedPglite } from './migrated-pglite.ts';
import { databaseErrorHandler, openDatabase, type OpenDatabaseOptions } from './open.ts';
import { isExistingCluster } from './pglite-template.ts';

export interface MigratedDatabase {
  database: Database;
  /** The migrations this open applied. */
  applied: string[];
  /** Whether the database had no migration before this open: a new one, as `supabase start` makes. */
  isNew: boolean;
}

/**
 * Opens the database and applies every migration of `migrationsDir` not yet applied, as a deploy does. A
 * new PGlite cluster starts from the migrated copy when there is one (migrated-pglite.ts); a PostgreSQL
 * database is migrated as the URL finds it (the tests create theirs from a migrated template,
 * testing/postgres-template.ts).
 */
export async function openMigratedDatabase(
  options: OpenDatabaseOptions & { migrationsDir: string },
): Promise<MigratedDatabase> {
  if (!options.databaseUrl && !isExistingCluster(options.pgliteDir)) {
    const opened = await openMigratedPglite(
      options.pgliteDir,
      options.migrationsDir,
      databaseErrorHandler(options),
    );
    return { database: opened.database, applied: opened.applied, isNew: true };
  }
  const database = await openDatabase(options);
  try {
    const applied = await migrate(database, options.migrationsDir);
    const all = await listMigrations(options.migrationsDir);
    return { database, applied, isNew: applied.length > 0 && applied.length === all.length };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
