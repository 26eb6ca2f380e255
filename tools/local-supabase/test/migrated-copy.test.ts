import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATIONS_DIR } from '../src/config/paths.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  MIGRATED_COPY_MAX_AGE_MS,
  migratedCopyFile,
  openMigratedPglite,
} from '../src/db/migrated-pglite.ts';
import { migrationsKey } from '../src/db/migrations-key.ts';
import { openDatabase } from '../src/db/open.ts';

// A new PGlite database starts from a copy of the migrated cluster (src/db/migrated-pglite.ts): the same
// database as one migrated from empty, never one of other migrations, and safe to make from many places
// at once.
let dir: string;
/** The copies this test's own migrations made, removed after it. */
let made: string[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-migrated-copy-'));
});
afterEach(async () => {
  await Promise.all(made.map((file) => rm(file, { force: true })));
  made = [];
  await rm(dir, { recursive: true, force: true });
});

const ignore = () => undefined;

/** A migrations folder of its own (a key no other test shares) with these statements, one file each. */
async function migrations(...statements: string[]): Promise<string> {
  const folder = path.join(dir, `migrations-${randomUUID()}`);
  await mkdir(folder);
  // A comment of its own, so that the copy made here is this test's alone.
  const own = `-- ${randomUUID()}\n`;
  for (const [i, statement] of statements.entries()) {
    await writeFile(path.join(folder, `2000010100000${i}_step${i}.sql`), `${own}${statement}\n`);
  }
  return folder;
}

/**
 * Opens a new database of `folder`'s migrations and closes it again (noting the copy it makes, to remove
 * it after the test): whether it came from the copy, the migrations it applied and its tables.
 */
async function open(folder: string) {
  made.push(await migratedCopyFile(folder));
  const opened = await openMigratedPglite(undefined, folder, ignore);
  try {
    return {
      fromCopy: opened.fromCopy,
      applied: opened.applied.length,
      tables: await tables(opened.database),
    };
  } finally {
    await opened.database.close();
  }
}

async function tables(database: Database): Promise<string[]> {
  return database.transaction(async (db) => {
    const { rows } = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    return rows.map((row) => row.name);
  });
}

/** What the migrations made, as the catalog says it: objects, their definitions, grants and rows. */
async function catalog(database: Database): Promise<unknown> {
  return database.transaction(async (db) => {
    const query = async (sql: string) => (await db.query(sql)).rows;
    return {
      relations: await query(
        `select n.nspname, c.relname, c.relkind, c.relacl::text, c.relrowsecurity, c.relforcerowsecurity
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          order by 1, 2`,
      ),
      functions: await query(
        `select p.oid::regprocedure::text, pg_get_functiondef(p.oid), p.proacl::text
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind in ('f', 'p')
          order by 1`,
      ),
      policies: await query(
        `select schemaname, tablename, policyname, roles::text, cmd, qual, with_check
           from pg_policies order by 1, 2, 3`,
      ),
      triggers: await query(
        `select tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)
           from pg_trigger where not tgisinternal order by 1, 2`,
      ),
      history: await query(
        'select version, name from supabase_migrations.schema_migrations order by version',
      ),
      rules: await query('select * from public.rate_limit_rules order by action'),
      buckets: await query(
        'select id, file_size_limit, allowed_mime_types from storage.buckets order by id',
      ),
    };
  });
}

it("a new database from the copy is the one the repository's migrations make from empty", async () => {
  // The first open makes the copy when there is none yet; the second starts from it.
  await (await openMigratedPglite(undefined, DEFAULT_MIGRATIONS_DIR, ignore)).database.close();
  const copied = await openMigratedPglite(undefined, DEFAULT_MIGRATIONS_DIR, ignore);
  const empty = await openDatabase({});
  let fromCopy: unknown;
  let fromEmpty: unknown;
  try {
    await migrate(empty, DEFAULT_MIGRATIONS_DIR);
    [fromCopy, fromEmpty] = [await catalog(copied.database), await catalog(empty)];
  } finally {
    await copied.database.close();
    await empty.close();
  }
  expect([copied.fromCopy, copied.applied]).toEqual([true, []]);
  expect(fromCopy).toEqual(fromEmpty);
});

it('is made once per set of migrations, and a change to any of them makes another', async () => {
  const folder = await migrations('create table public.a (id int)');
  expect(await open(folder)).toEqual({ fromCopy: false, applied: 1, tables: ['a'] });
  expect(await open(folder)).toEqual({ fromCopy: true, applied: 0, tables: ['a'] });

  // A migration added: not the old copy, and the new migration applied.
  const later = path.join(folder, '20000102000000_later.sql');
  await writeFile(later, 'create table public.b (id int);\n');
  expect(await open(folder)).toEqual({ fromCopy: false, applied: 2, tables: ['a', 'b'] });

  // A migration's bytes changed under the same name.
  await writeFile(later, 'create table public.c (id int);\n');
  expect(await open(folder)).toEqual({ fromCopy: false, applied: 2, tables: ['a', 'c'] });
});

it('is keyed by every migration name and byte, the bootstrap and the engine', async () => {
  const folder = await migrations('select 1', 'select 2');
  const key = (engine = 'pglite 1') => migrationsKey(folder, engine);
  const keys = [await key()];
  keys.push(await key('pglite 2'));
  const [one, two] = (await readdir(folder)).sort();
  await writeFile(path.join(folder, two), '-- another byte\nselect 2\n');
  keys.push(await key());
  await rename(path.join(folder, two), path.join(folder, two.replace('step1', 'renamed')));
  keys.push(await key());
  await rm(path.join(folder, one));
  keys.push(await key());
  expect(new Set(keys).size).toBe(keys.length);
  // The same files give the same key.
  expect(await key()).toBe(keys.at(-1));
});

it('is written whole when several new databases make it at once', async () => {
  const folder = await migrations(
    'create table public.a (id int)',
    'create table public.b (id int)',
  );
  const file = await migratedCopyFile(folder);
  const opened = await Promise.all(Array.from({ length: 3 }, () => open(folder)));
  expect(opened).toEqual(opened.map(() => ({ fromCopy: false, applied: 2, tables: ['a', 'b'] })));
  const cache = await readdir(path.dirname(file));
  expect(cache.filter((name) => name.startsWith(path.basename(file)))).toEqual([
    path.basename(file),
  ]);
  expect(await open(folder)).toEqual({ fromCopy: true, applied: 0, tables: ['a', 'b'] });
});

it("is not used once older than a day (its rows' now() is the day it was made), and old copies go", async () => {
  const folder = await migrations('create table public.a (id int)');
  const file = await migratedCopyFile(folder);
  await open(folder);
  const old = new Date(Date.now() - MIGRATED_COPY_MAX_AGE_MS - 60_000);
  await utimes(file, old, old);
  const stale = path.join(path.dirname(file), `pglite-migrated-${randomUUID()}.tar.gz`);
  await writeFile(stale, 'an old copy');
  await utimes(stale, old, old);

  expect(await open(folder)).toMatchObject({ fromCopy: false });
  // Made again, and the other old copy removed.
  expect((await stat(file)).mtimeMs).toBeGreaterThan(old.getTime() + 60_000);
  await expect(stat(stale)).rejects.toMatchObject({ code: 'ENOENT' });
});
