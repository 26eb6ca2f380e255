// The database as the migrations leave it, in one file a reader can search: supabase/schema.sql
// (docs/backend.md, "The current schema"). Made by migrating an empty database on a throwaway
// PostgreSQL server and dumping the project's own schemas with that server's pg_dump; never edited by
// hand. tests/current-schema.postgres.test.ts fails when the committed file is not what the migrations
// make, and says how to write it again.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrate, openDatabase, DEFAULT_MIGRATIONS_DIR } from '@agentora/local-supabase/testing';
import pg from 'pg';

/** The committed file. */
export const CURRENT_SCHEMA_FILE = path.join(import.meta.dirname, '..', 'schema.sql');

/** The schemas the migrations own (the rest — auth, storage, extensions — is Supabase's). */
export const PROJECT_SCHEMAS = ['public', 'private'] as const;

/** How to write the file again; the test's message names it. */
export const WRITE_COMMAND = 'npm run schema';

const HEADER = `-- The database as the migrations in supabase/migrations leave it: every table, view, function,
-- trigger, policy and grant of the schemas ${PROJECT_SCHEMAS.join(' and ')}, dumped by pg_dump from a database
-- migrated from empty. Generated: do not edit. A change is a new migration, then \`${WRITE_COMMAND}\`
-- (supabase/tests/current-schema.postgres.test.ts fails until this file is written again).
`;

/**
 * pg_dump's text less what differs from one run to the next or from one server to another: its version
 * lines, its session settings, and the \\restrict key of recent releases, which is random per run.
 */
export function normaliseDump(dump: string): string {
  const kept = dump
    .split('\n')
    .filter(
      (line) =>
        !/^-- Dumped (from database|by pg_dump) version/.test(line) &&
        !/^SET /.test(line) &&
        !/^SELECT pg_catalog\.set_config/.test(line) &&
        !/^\\(un)?restrict /.test(line),
    )
    .join('\n');
  return `${HEADER}\n${kept.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/**
 * Migrates a new database on `serverUrl` (a superuser's URL), dumps its project schemas with the
 * pg_dump in `binDir`, drops it, and answers the normalised text.
 */
export async function dumpCurrentSchema(serverUrl: string, binDir: string): Promise<string> {
  const name = `schema_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrate(database, DEFAULT_MIGRATIONS_DIR);
    } finally {
      await database.close();
    }
    const { stdout } = await promisify(execFile)(
      path.join(binDir, 'pg_dump'),
      [
        '--schema-only',
        '--no-owner',
        ...PROJECT_SCHEMAS.map((schema) => `--schema=${schema}`),
        url.toString(),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return normaliseDump(stdout);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
