import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db/migrate.ts';
import { migrationsKey } from '../db/migrations-key.ts';
import { openDatabase } from '../db/open.ts';

// On the test PostgreSQL server, a set of migrations (the repository's, or a test's own on top of them) is
// applied once, to a template database, and every test database that needs them is created from it
// (`create database … template`, a file copy), rather than each applying them all. The template's name
// holds migrationsKey (PostgreSQL's own version is the server's: a template never leaves it). Made under a
// name of its own and renamed when done, so a test never copies a half-migrated template and processes
// that make it at once leave one; connections to it are refused, since a copy fails while any is open.

const building = new Map<string, Promise<string>>();

/**
 * The name of the template on the server at `serverUrl` that holds the migrations of `migrationsDir`,
 * made when it has none.
 */
export async function migratedTemplate(serverUrl: string, migrationsDir: string): Promise<string> {
  const name = `migrated_${(await migrationsKey(migrationsDir, 'postgres')).slice(0, 40)}`;
  const at = `${serverUrl} ${name}`;
  let made = building.get(at);
  if (!made) {
    made = makeTemplate(serverUrl, migrationsDir, name);
    // A failure is not kept: the next test tries again, and says why if it fails too.
    made.catch(() => building.delete(at));
    building.set(at, made);
  }
  return made;
}

async function makeTemplate(
  serverUrl: string,
  migrationsDir: string,
  name: string,
): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (await exists(admin, name)) return name;
    const draft = `migrating_${randomUUID().replaceAll('-', '')}`;
    await admin.query(`create database ${draft}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${draft}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await migrate(database, migrationsDir);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${draft} with allow_connections false`);
      await admin.query(`alter database ${draft} rename to ${name}`);
      await admin.query(`alter database ${name} with is_template true`);
    } catch (error) {
      await admin.query(`drop database if exists ${draft} with (force)`);
      // Another process made it first: theirs is as good.
      if ((error as { code?: string }).code === '42P04' && (await exists(admin, name))) return name;
      throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function exists(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return rows.length === 1;
}
