// The two databases the declarative workflow compares, each made on a PostgreSQL server from empty:
// one by the committed migrations exactly as the local server and a deploy apply them, and one by the
// files of supabase/schemas in their declared order. Both start from the same bootstrap, what hosted
// Supabase has before a project's first migration (roles, auth, storage).
import { readFile } from 'node:fs/promises';
import {
  bootstrap,
  DEFAULT_MIGRATIONS_DIR,
  migrate,
  openDatabase,
} from '@agentora/local-supabase/testing';
import pg from 'pg';
import type { SchemaFile } from './schema-files.ts';

/** A database made on a server for one comparison; `drop()` removes it. */
export interface BuiltDatabase {
  url: string;
  drop(): Promise<void>;
}

let made = 0;

async function createDatabase(serverUrl: string, purpose: string): Promise<BuiltDatabase> {
  const name = `${purpose}_${process.pid}_${Date.now()}_${made++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function newDatabase(
  serverUrl: string,
  purpose: string,
  fill: (url: string) => Promise<void>,
): Promise<BuiltDatabase> {
  const built = await createDatabase(serverUrl, purpose);
  try {
    await fill(built.url);
    return built;
  } catch (error) {
    await built.drop().catch(() => undefined);
    throw error;
  }
}

/** A new database on `serverUrl` (a superuser's URL) migrated from empty by `migrationsDir`. */
export function buildFromMigrations(
  serverUrl: string,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
): Promise<BuiltDatabase> {
  return newDatabase(serverUrl, 'migrated', async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    try {
      await migrate(database, migrationsDir);
    } finally {
      await database.close();
    }
  });
}

/** Where in a file a statement failed: PostgreSQL gives a character offset into what was sent. */
function lineOf(sql: string, position: string | undefined): string {
  const offset = Number(position);
  if (!Number.isInteger(offset) || offset < 1) return '';
  return `:${sql.slice(0, offset - 1).split('\n').length}`;
}

/**
 * A new database on `serverUrl` made by the bootstrap, then each schema file in order, each in a
 * transaction of its own. A file that fails is named, with the line PostgreSQL points at.
 */
export function buildFromSchemas(serverUrl: string, files: SchemaFile[]): Promise<BuiltDatabase> {
  return newDatabase(serverUrl, 'declared', async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    try {
      await bootstrap(database);
      for (const { name, file } of files) {
        const sql = await readFile(file, 'utf8');
        try {
          await database.transaction((db) => db.query(sql));
        } catch (error) {
          const { message, position } = error as Error & { position?: string };
          throw new Error(`${name}${lineOf(sql, position)}: ${message}`, { cause: error });
        }
      }
    } finally {
      await database.close();
    }
  });
}
