import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from './start.ts';

async function query<Row extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The error code of a TCP connection to 127.0.0.1:port ('connected' when it is accepted). */
function tcpConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('a running server', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres();
  });
  afterAll(() => server?.stop());

  it('is a real PostgreSQL on 127.0.0.1, superuser postgres, no password', async () => {
    expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`);
    const [{ version }] = await query<{ version: string }>(server.url, 'select version()');
    expect(version).toMatch(new RegExp(`^PostgreSQL ${server.major}\\.`));
    const [settings] = await query(
      server.url,
      `select current_user, current_setting('fsync') as fsync,
              current_setting('synchronous_commit') as synchronous_commit,
              current_setting('full_page_writes') as full_page_writes,
              current_setting('max_connections') as max_connections,
              pg_encoding_to_char(encoding) as encoding
         from pg_database where datname = current_database()`,
    );
    expect(settings).toEqual({
      current_user: 'postgres',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '100',
      encoding: 'UTF8',
    });
  });

  it('creates a table, inserts and selects', async () => {
    await query(server.url, 'create table notes (id serial primary key, body text not null)');
    await query(server.url, 'insert into notes (body) values ($1), ($2)', ['first', 'zweite – ü']);
    const rows = await query(server.url, 'select id, body from notes order by id');
    expect(rows).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'zweite – ü' },
    ]);
  });

  it('keeps its data in a temp dir', () => {
    expect(existsSync(path.join(server.dataDir, 'PG_VERSION'))).toBe(true);
  });
});

it('stop() shuts the server down and removes its temp dir', async () => {
  const server = await startTestPostgres();
  const root = path.dirname(server.dataDir);
  expect(existsSync(root)).toBe(true);
  expect(await tcpConnect(server.port)).toBe('connected');

  await server.stop();
  expect(existsSync(root)).toBe(false);
  expect(await tcpConnect(server.port)).toBe('ECONNREFUSED');
  await expect(query(server.url, 'select 1')).rejects.toThrow();
  await server.stop(); // a second call is harmless
  await server.exited;
});

it('runs two servers at once, on different ports', async () => {
  const [a, b] = await Promise.all([startTestPostgres(), startTestPostgres()]);
  try {
    expect(a.port).not.toBe(b.port);
    expect(a.dataDir).not.toBe(b.dataDir);
    await query(a.url, 'create table only_in_a (x int)');
    const tables = (url: string) =>
      query(url, "select count(*)::int as n from pg_tables where tablename = 'only_in_a'");
    expect(await tables(a.url)).toEqual([{ n: 1 }]);
    expect(await tables(b.url)).toEqual([{ n: 0 }]);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

it("fails with the server's output when PostgreSQL cannot start", async () => {
  const start = startTestPostgres({ settings: { max_connections: 'many' }, timeoutMs: 30_000 });
  await expect(start).rejects.toThrow(
    /did not start[\s\S]*PostgreSQL's output[\s\S]*max_connections/,
  );
});
