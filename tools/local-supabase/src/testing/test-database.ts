import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATIONS_DIR } from '../config/paths.ts';
import { asCaller, type ApiRole, type Database } from '../db/database.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { openMigratedDatabase } from '../db/migrated-database.ts';
import { openDatabase } from '../db/open.ts';
import { freshPostgresDatabase } from './postgres-databases.ts';

/** A database below any HTTP layer, for checking what the migrations allow each API role. */
export interface TestDatabase {
  database: Database;
  /** Runs one statement in its own transaction as the role, the way one API request runs. */
  as(role: ApiRole, sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  asSuperuser(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/**
 * PGlite in memory (or a fresh database on the PostgreSQL of LOCAL_SUPABASE_TEST_POSTGRES_URL), migrated up to and including
 * `upTo` (a migration version) or fully. Fully migrated, it starts from the migrated copy of the
 * migrations (db/migrated-pglite.ts, postgres-template.ts); up to a version, it applies them one by one,
 * as tests of a migration need. The rate limits are raised unless `rateLimits` is 'production':
 * without request headers every statement here counts for one client address.
 */
export async function openTestDatabase(
  options: { upTo?: string; rateLimits?: 'raised' | 'production' } = {},
): Promise<TestDatabase> {
  const fully = options.upTo === undefined;
  const postgres = await freshPostgresDatabase({
    migratedBy: fully ? DEFAULT_MIGRATIONS_DIR : undefined,
  });
  const database = fully
    ? (
        await openMigratedDatabase({
          databaseUrl: postgres?.url,
          migrationsDir: DEFAULT_MIGRATIONS_DIR,
        })
      ).database
    : await openDatabase({ databaseUrl: postgres?.url });
  if (!fully) await migrateTo(database, options.upTo);
  if (options.rateLimits !== 'production') await raiseRulesIfPresent(database);
  return {
    database,
    as: (role, sql, values = []) =>
      asCaller(database, { role, claims: { role } }, (db) => db.query(sql, values)),
    asSuperuser: (sql, values = []) => database.transaction((db) => db.query(sql, values)),
    async close() {
      await database.close();
      await postgres?.drop();
    },
  };
}

async function raiseRulesIfPresent(database: Database): Promise<void> {
  await database.transaction(async (db) => {
    const { rows } = await db.query(`select to_regclass('public.rate_limit_rules') as rules`);
    if (rows[0].rules !== null)
      await db.query('update public.rate_limit_rules set max_requests = 1000000');
  });
}

/** Applies the repository's migrations up to `upTo` (all when undefined), as a deploy would. */
export async function migrateTo(database: Database, upTo?: string): Promise<void> {
  if (upTo === undefined) {
    await migrate(database, DEFAULT_MIGRATIONS_DIR);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-migrations-'));
  try {
    for (const migration of await listMigrations(DEFAULT_MIGRATIONS_DIR)) {
      if (migration.version > upTo) break;
      await cp(migration.file, path.join(dir, path.basename(migration.file)));
    }
    await migrate(database, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
