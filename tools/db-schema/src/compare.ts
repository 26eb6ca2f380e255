// The check that holds supabase/schemas and supabase/migrations to one another: a database made by
// each, described the same way (describe.ts), must be the same. The parity test in the backend's
// test-postgres target and `npm run db:diff` both ask it.
import { DEFAULT_MIGRATIONS_DIR } from '@agentora/local-supabase/testing';
import { buildFromMigrations, buildFromSchemas, type BuiltDatabase } from './databases.ts';
import { describeDatabase, firstDifference } from './describe.ts';
import { declaredSchemaFiles, type SchemaFile } from './schema-files.ts';

/** How a developer makes the migrations catch up with the schema; every refusal names it. */
export const DB_DIFF_COMMAND = 'npm run db:diff -- <name>';

export interface DeclaredAndMigrated {
  migrated: BuiltDatabase;
  declared: BuiltDatabase;
  /** Where the two differ first (see firstDifference), or undefined when they are the same. */
  difference: string | undefined;
  drop(): Promise<void>;
}

/**
 * Builds both databases on `serverUrl` and compares them with the pg_dump of `binDir`. The caller
 * drops them (`drop()`), after using them for a diff if it wants one.
 */
export async function compareDeclaredWithMigrated(
  serverUrl: string,
  binDir: string,
  options: { files?: SchemaFile[]; migrationsDir?: string } = {},
): Promise<DeclaredAndMigrated> {
  const files = options.files ?? declaredSchemaFiles();
  const migrated = await buildFromMigrations(
    serverUrl,
    options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
  );
  let declared: BuiltDatabase;
  try {
    declared = await buildFromSchemas(serverUrl, files);
  } catch (error) {
    await migrated.drop().catch(() => undefined);
    throw error;
  }
  const drop = async () => {
    await Promise.all([migrated.drop(), declared.drop()]);
  };
  try {
    const [fromMigrations, fromSchemas] = await Promise.all([
      describeDatabase(migrated.url, binDir),
      describeDatabase(declared.url, binDir),
    ]);
    const difference = firstDifference(
      ['the committed migrations make', fromMigrations],
      ['supabase/schemas declares', fromSchemas],
    );
    return { migrated, declared, difference, drop };
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
}
