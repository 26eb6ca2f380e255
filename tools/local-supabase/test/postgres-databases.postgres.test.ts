import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_MIGRATIONS_DIR } from '../src/config/paths.ts';
import { listMigrations } from '../src/db/migrate.ts';
import {
  freshPostgresDatabase,
  TEST_POSTGRES_URL_ENV,
  type FreshDatabase,
} from '../src/testing/postgres-databases.ts';

// The test PostgreSQL server's databases (src/testing/postgres-databases.ts): empty, or copied from a
// template the migrations were applied to once (postgres-template.ts).
let dir: string;
const made: FreshDatabase[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-postgres-databases-'));
});
afterEach(async () => {
  await Promise.all(made.splice(0).map((database) => database.drop()));
  await rm(dir, { recursive: true, force: true });
});

async function fresh(migratedBy?: string): Promise<FreshDatabase> {
  const database = await freshPostgresDatabase({ migratedBy });
  if (!database) throw new Error(`${TEST_POSTGRES_URL_ENV} is not set`);
  made.push(database);
  return database;
}

async function query<R extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const server = () => process.env[TEST_POSTGRES_URL_ENV] as string;
const databases = (like: string) =>
  query<{ datname: string; datallowconn: boolean; datistemplate: boolean }>(
    server(),
    'select datname, datallowconn, datistemplate from pg_database where datname like $1 order by 1',
    [like],
  );

/** A migrations folder of its own (a template no other test shares), one file per statement. */
async function migrations(...statements: string[]): Promise<string> {
  const folder = path.join(dir, `migrations-${randomUUID()}`);
  await mkdir(folder);
  const own = `-- ${randomUUID()}\n`;
  for (const [i, statement] of statements.entries()) {
    await writeFile(path.join(folder, `2000010100000${i}_step${i}.sql`), `${own}${statement}\n`);
  }
  return folder;
}

it("copies every new migrated database from one template of the repository's migrations", async () => {
  const before = await databases('migrated\\_%');
  const copies = await Promise.all([1, 2, 3].map(() => fresh(DEFAULT_MIGRATIONS_DIR)));
  const versions = (await listMigrations(DEFAULT_MIGRATIONS_DIR)).map((each) => each.version);
  for (const copy of copies) {
    const rows = await query<{ version: string }>(
      copy.url,
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((row) => row.version)).toEqual(versions);
  }
  // At most one template made, whole, and no half-migrated one left behind.
  const after = await databases('migrated\\_%');
  expect(after.length - before.length).toBeLessThanOrEqual(1);
  expect(after.length).toBeGreaterThanOrEqual(1);
  for (const template of after) {
    expect(template).toMatchObject({ datallowconn: false, datistemplate: true });
  }
  expect(await databases('migrating\\_%')).toEqual([]);
});

it('leaves a database empty unless asked to migrate it', async () => {
  const empty = await fresh();
  expect(
    await query(
      empty.url,
      `select to_regclass('supabase_migrations.schema_migrations') as history`,
    ),
  ).toEqual([{ history: null }]);
});

it('makes another template when the migrations change', async () => {
  const folder = await migrations('create table public.a (id int)');
  const first = await fresh(folder);
  await writeFile(
    path.join(folder, '20000102000000_later.sql'),
    'create table public.b (id int);\n',
  );
  const second = await fresh(folder);
  const tables = (url: string) =>
    query<{ name: string }>(
      url,
      `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
  expect(await tables(first.url)).toEqual([{ name: 'a' }]);
  expect(await tables(second.url)).toEqual([{ name: 'a' }, { name: 'b' }]);
});
