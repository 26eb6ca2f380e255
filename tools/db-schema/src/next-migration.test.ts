import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestPostgres, type TestPostgres } from '@agentora/test-postgres';
import { buildFromSchemas } from './databases.ts';
import { writeNextMigration } from './next-migration.ts';

// `npm run db:diff` on a small project of its own: a migration history and the schema it should make,
// on a real PostgreSQL server, so that what it writes is what migra finds between two real catalogs.

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres({ inMemory: true });
});
afterAll(() => postgres.stop());

let root: string;
let migrations: string;
let schemaFile: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'db-diff-'));
  migrations = path.join(root, 'migrations');
  mkdirSync(migrations);
  schemaFile = path.join(root, 'people.sql');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const PEOPLE = `create table public.people (
  id integer primary key,
  email text not null check (char_length(email) <= 254)
);
alter table public.people enable row level security;
grant select on table public.people to service_role;
create table public.settings (name text primary key, value integer not null);
grant select on table public.settings to service_role;
insert into public.settings values ('limit', 10);
`;

const run = (schema: string) => {
  writeFileSync(schemaFile, schema);
  return writeNextMigration({
    serverUrl: postgres.url,
    binDir: postgres.binDir,
    files: [{ name: 'people.sql', file: schemaFile }],
    migrationsDir: migrations,
    name: 'probe',
    now: new Date('2026-12-06T12:00:00Z'),
  });
};

beforeEach(() => writeFileSync(path.join(migrations, '20260101000000_people.sql'), PEOPLE));

describe('npm run db:diff', () => {
  it('writes nothing when the migrations already make the schema', async () => {
    await expect(run(PEOPLE)).resolves.toEqual({ kind: 'same' });
    expect(readdirSync(migrations)).toEqual(['20260101000000_people.sql']);
  });

  it('writes a column added to the schema, and nothing else', async () => {
    const schema = PEOPLE.replace(
      'check (char_length(email) <= 254)\n',
      'check (char_length(email) <= 254),\n  nickname text\n',
    );
    const result = await run(schema);
    expect(result).toMatchObject({ kind: 'written', incomplete: undefined });
    const file = path.join(migrations, '20261206120000_probe.sql');
    expect(result.kind === 'written' && result.file).toBe(file);
    const statements = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('--'));
    expect(statements).toEqual(['alter table "public"."people" add column "nickname" text;']);
  });

  it('writes a changed grant and a new function, and the migration then makes the schema', async () => {
    const schema = `${PEOPLE.replace('grant select on table public.people', 'grant select, insert on table public.people')}
create function public.people_count() returns bigint language sql stable as $$ select count(*) from public.people $$;
`;
    const result = await run(schema);
    expect(result).toMatchObject({ kind: 'written', incomplete: undefined });
    const sql = result.kind === 'written' ? result.sql : '';
    expect(sql).toMatch(/^grant insert on table public\.people to service_role;$/m);
    expect(sql).toMatch(/CREATE OR REPLACE FUNCTION public\.people_count\(\)/);
    // A new function is reset, then given what the schema gives it (here PostgreSQL's default).
    expect(sql).toMatch(
      /^revoke all on function public\.people_count\(\) from PUBLIC, anon, authenticated, service_role;$[\s\S]*^grant execute on function public\.people_count\(\) to PUBLIC;$/m,
    );
  });

  it('writes the privileges migra leaves out: a function’s EXECUTE and a column’s grants', async () => {
    const withGrants = `${PEOPLE}
create function public.people_count() returns bigint language sql stable as $$ select count(*) from public.people $$;
revoke all on function public.people_count() from public;
grant execute on function public.people_count() to service_role;
grant insert (email) on table public.people to service_role;
`;
    writeFileSync(
      path.join(migrations, '20260102000000_count.sql'),
      withGrants.replace(PEOPLE, ''),
    );
    const schema = withGrants
      .replace('grant execute on function public.people_count() to service_role;', '')
      .replace('grant insert (email)', 'grant insert (id, email)');
    const result = await run(schema);
    expect(result).toMatchObject({ kind: 'written', incomplete: undefined });
    const sql = result.kind === 'written' ? result.sql : '';
    expect(sql.trim().split('\n')).toEqual([
      'revoke execute on function public.people_count() from service_role;',
      'grant insert (id) on table public.people to service_role;',
    ]);
  });

  it('keeps a view’s options, which a diff that replaces the view would drop', async () => {
    const withView = `${PEOPLE}
create view public.people_emails with (security_invoker = true) as select email from public.people;
`;
    writeFileSync(path.join(migrations, '20260102000000_view.sql'), withView.replace(PEOPLE, ''));
    const result = await run(withView.replace('select email from', 'select id, email from'));
    expect(result).toMatchObject({ kind: 'written', incomplete: undefined });
    expect(result.kind === 'written' && result.sql).toMatch(
      /^alter view public\.people_emails set \(security_invoker=true\);$/m,
    );
  });

  it('gives a function made anew (its arguments renamed) its privileges again', async () => {
    const fn = (argument: string) => `${PEOPLE}
create function public.count_from(${argument} integer) returns bigint language sql stable
  as $$ select count(*) from public.people where id >= $1 $$;
revoke all on function public.count_from(integer) from public;
grant execute on function public.count_from(integer) to service_role;
`;
    writeFileSync(
      path.join(migrations, '20260102000000_count.sql'),
      fn('p_from').replace(PEOPLE, ''),
    );
    const result = await run(fn('p_lowest'));
    expect(result).toMatchObject({ kind: 'written', incomplete: undefined });
    expect(result.kind === 'written' && result.sql).toMatch(
      /^revoke all on function public\.count_from\(integer\) from PUBLIC, anon, authenticated, service_role;$/m,
    );
  });

  it('writes nothing and says so when only the rows differ, which no schema diff sees', async () => {
    const result = await run(PEOPLE.replace("('limit', 10)", "('limit', 11)"));
    expect(result.kind).toBe('undiffable');
    expect(result.kind === 'undiffable' && result.difference).toMatch(
      /public\.settings \{"name": "limit", "value": 10\}[\s\S]*public\.settings \{"name": "limit", "value": 11\}/,
    );
    expect(readdirSync(migrations)).toEqual(['20260101000000_people.sql']);
  });

  it('names the schema file that fails to apply, and the line where PostgreSQL points', async () => {
    const files = [{ name: 'supabase/schemas/people.sql', file: schemaFile }];
    writeFileSync(
      schemaFile,
      `${PEOPLE}\ncreate table public.broken (id integer references public.nowhere);\n`,
    );
    await expect(buildFromSchemas(postgres.url, files)).rejects.toThrow(
      /^supabase\/schemas\/people\.sql: relation "public\.nowhere" does not exist$/,
    );
    writeFileSync(schemaFile, `${PEOPLE}\ncreate tabel public.broken (id integer);\n`);
    await expect(buildFromSchemas(postgres.url, files)).rejects.toThrow(
      /^supabase\/schemas\/people\.sql:11: syntax error at or near "tabel"$/,
    );
  });
});
