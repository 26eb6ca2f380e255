import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSupabase, type LocalSupabase } from '../src/index.ts';
import { freshPostgresDatabase, type FreshDatabase } from '../src/testing/postgres-databases.ts';
import { apiHeaders } from '../src/testing/test-server.ts';

// As on hosted Supabase since 2026: a new public table is not handed to the API roles. A migration that
// forgets its grants must fail here, not only in production.
let server: LocalSupabase;
let dir: string;
let postgres: FreshDatabase | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-grants-'));
  const migrations = path.join(dir, 'migrations');
  await mkdir(migrations);
  await writeFile(
    path.join(migrations, '20990101000000_table_without_grants.sql'),
    `create table public.notes (id bigint generated always as identity primary key, body text);
     create function public.count_notes() returns bigint language sql as 'select count(*) from public.notes';`,
  );
  postgres = await freshPostgresDatabase();
  server = await startLocalSupabase({
    port: 0,
    dataDir: path.join(dir, 'data'),
    inMemory: true,
    migrationsDir: migrations,
    databaseUrl: postgres?.url,
  });
});

afterAll(async () => {
  await server.stop();
  await postgres?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('a table whose migration grants nothing', () => {
  it.each([
    ['publishable', () => server.publishableKey],
    ['secret', () => server.secretKey],
  ])('cannot be read or written through the REST API with the %s key', async (_name, key) => {
    const read = await fetch(`${server.url}/rest/v1/notes?select=*`, {
      headers: apiHeaders(key()),
    });
    expect(read.ok).toBe(false);
    expect(((await read.json()) as { code?: string }).code).toBe('42501');

    const write = await fetch(`${server.url}/rest/v1/notes`, {
      method: 'POST',
      headers: apiHeaders(key()),
      body: JSON.stringify({ body: 'hello' }),
    });
    expect(write.ok).toBe(false);
    expect(((await write.json()) as { code?: string }).code).toBe('42501');
  });
});
