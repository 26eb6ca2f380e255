import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BOOTSTRAP_SQL } from './bootstrap-sql.ts';
import type { Database } from './database.ts';

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

// The Supabase CLI's naming: <timestamp>_<name>.sql, applied in timestamp order.
const MIGRATION_NAME = /^(\d+)_(.+)\.sql$/;

export async function listMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir);
  return entries
    .map((entry) => ({ entry, match: MIGRATION_NAME.exec(entry) }))
    .filter((item): item is { entry: string; match: RegExpExecArray } => item.match !== null)
    .map(({ entry, match }) => ({
      version: match[1],
      name: match[2],
      file: path.join(migrationsDir, entry),
    }))
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Recreates what hosted Supabase provides before a project's first migration (idempotent). */
export async function bootstrap(database: Database): Promise<void> {
  await database.transaction((db) => db.query(BOOTSTRAP_SQL));
}

/**
 * Recreates what hosted Supabase provides, then applies each migration not yet recorded in
 * supabase_migrations.schema_migrations (the CLI's history table), each in its own transaction.
 * Returns the versions applied by this call.
 */
export async function migrate(database: Database, migrationsDir: string): Promise<string[]> {
  await bootstrap(database);
  const applied = new Set(
    await database.transaction(async (db) => {
      const { rows } = await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      );
      return rows.map((row) => row.version);
    }),
  );

  const newlyApplied: string[] = [];
  for (const migration of await listMigrations(migrationsDir)) {
    if (applied.has(migration.version)) continue;
    const sql = await readFile(migration.file, 'utf8');
    try {
      await database.transaction(async (db) => {
        await db.query(sql);
        await db.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [migration.version, [sql], migration.name],
        );
      });
    } catch (error) {
      throw new MigrationError(
        `Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    newlyApplied.push(migration.version);
  }
  return newlyApplied;
}
