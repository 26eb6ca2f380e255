// What `npm run db:diff` does, apart from reading its command line and printing: compare, diff, write
// the file, and apply it to the migrated database to check that it makes what the schema declares.
import { writeFile } from 'node:fs/promises';
import { migrate, openDatabase } from '@agentora/local-supabase/testing';
import { compareDeclaredWithMigrated } from './compare.ts';
import { describeDatabase, firstDifference } from './describe.ts';
import { migrationHeader, nextMigrationFile } from './migration-file.ts';
import { schemaDiff } from './schema-diff.ts';
import type { SchemaFile } from './schema-files.ts';

export type NextMigration =
  /** The committed migrations already make what the schema declares: nothing written. */
  | { kind: 'same' }
  /** The databases differ where no schema diff can see (rows, column order): nothing written. */
  | { kind: 'undiffable'; difference: string }
  /** Written; `incomplete` says where the migrated database still differs after applying it. */
  | { kind: 'written'; file: string; sql: string; incomplete: string | undefined };

export async function writeNextMigration(options: {
  serverUrl: string;
  binDir: string;
  files: SchemaFile[];
  migrationsDir: string;
  name: string;
  now?: Date;
}): Promise<NextMigration> {
  const { serverUrl, binDir, files, migrationsDir, name } = options;
  const compared = await compareDeclaredWithMigrated(serverUrl, binDir, { files, migrationsDir });
  try {
    if (compared.difference === undefined) return { kind: 'same' };
    const sql = await schemaDiff(compared.migrated.url, compared.declared.url);
    if (sql === '') return { kind: 'undiffable', difference: compared.difference };
    const file = await nextMigrationFile(migrationsDir, name, options.now);
    await writeFile(file, `${migrationHeader(name)}\n${sql}`);
    // Applied to the migrated database as a deploy would apply it, it must make the same database.
    const database = await openDatabase({ databaseUrl: compared.migrated.url });
    try {
      await migrate(database, migrationsDir);
    } finally {
      await database.close();
    }
    const incomplete = firstDifference(
      [
        'the migrations with the new one make',
        await describeDatabase(compared.migrated.url, binDir),
      ],
      ['supabase/schemas declares', await describeDatabase(compared.declared.url, binDir)],
    );
    return { kind: 'written', file, sql, incomplete };
  } finally {
    await compared.drop();
  }
}
