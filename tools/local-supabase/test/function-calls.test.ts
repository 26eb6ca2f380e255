import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteDatabase } from '../src/db/open.ts';
import { createPglite } from '../src/db/pglite-template.ts';
import { FUNCTION_CALLS_DIR_ENV, type FunctionCalls } from '../src/db/function-calls.ts';

// What @agentora/backend's PGlite run holds every function to (supabase/tests/pglite): a PGlite database
// opened with the folder set writes, when it closes, each PL/pgSQL function of public and private with
// the calls it saw since it opened, and none from before. Each database is a new cluster from the
// cached initdb (pglite-template.ts), as every new PGlite database of this server is.
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'function-calls-'));
});
afterEach(async () => {
  delete process.env[FUNCTION_CALLS_DIR_ENV];
  await rm(dir, { recursive: true, force: true });
});

const FUNCTIONS = `
  create schema private;
  create function public.twice(x int) returns int language plpgsql as 'begin return 2 * x; end';
  create function private.never() returns int language plpgsql as 'begin return 1; end';
  create function public.inlined(x int) returns int language sql as 'select x + 1';
  create schema other;
  create function other.elsewhere() returns int language plpgsql as 'begin return 0; end';`;

async function written(): Promise<FunctionCalls[]> {
  return Promise.all(
    (await readdir(dir)).map(
      async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as FunctionCalls,
    ),
  );
}

it('writes the calls of each PL/pgSQL function of public and private when the database closes', async () => {
  const pglite = await createPglite(undefined);
  await pglite.exec(FUNCTIONS);
  await pglite.query('select public.twice(1)'); // before the count starts: not counted
  process.env[FUNCTION_CALLS_DIR_ENV] = dir;
  const database = await pgliteDatabase(pglite, (error) => {
    throw error;
  });
  await database.transaction(async (db) => {
    await db.query('select public.twice(2), public.twice(3), public.inlined(1)');
  });
  expect(await written()).toEqual([]);
  await database.close();
  expect(await written()).toEqual([{ calls: { 'twice(integer)': 2, 'private.never()': 0 } }]);
});

it('writes nothing without the folder set', async () => {
  const pglite = await createPglite(undefined);
  await pglite.exec(FUNCTIONS);
  const database = await pgliteDatabase(pglite, (error) => {
    throw error;
  });
  await database.transaction((db) => db.query('select public.twice(2)'));
  await database.close();
  expect(await written()).toEqual([]);
});
