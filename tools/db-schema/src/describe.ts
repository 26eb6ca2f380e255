// What "the same database" means when the declarative schema is compared with the migrations: the
// project's schemas as PostgreSQL's own pg_dump prints them (every table, column and its order,
// constraint, index, view, function body, trigger, policy and grant of public and private), then the
// rows the schema itself puts in tables (settings such as the rate limits, the kinds of mail, the
// résumés' bucket), which pg_dump --schema-only leaves out and a schema diff cannot see.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/** The schemas the project owns; the rest (auth, storage, extensions) is Supabase's. */
export const PROJECT_SCHEMAS = ['public', 'private'] as const;

/** Outside the project's schemas, the rows a schema may add to (Supabase's storage buckets). */
const SUPABASE_TABLES_WITH_PROJECT_ROWS = ['storage.buckets'];

/**
 * pg_dump's text less what differs from one run or one server to the next: its version lines, its
 * session settings, the random \\restrict key of recent releases, runs of blank lines.
 */
export function normaliseDump(dump: string): string {
  return `${dump
    .split('\n')
    .filter(
      (line) =>
        !/^-- Dumped (from database|by pg_dump) version/.test(line) &&
        !/^SET /.test(line) &&
        !/^SELECT pg_catalog\.set_config/.test(line) &&
        !/^\\(un)?restrict /.test(line),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/**
 * Every row of every table of the project's schemas (and of storage.buckets), as JSON, table by table in
 * name order. A column whose default is the time (`now()`) is left out: it records when the database
 * was made, which no two builds share.
 */
export async function tableRows(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string; timed: string[] }>(
      `select format('%I.%I', c.table_schema, c.table_name) as name,
              coalesce(array_agg(c.column_name::text) filter (where c.column_default ~* '^(now|CURRENT_TIMESTAMP)'), '{}') as timed
         from information_schema.columns c
         join information_schema.tables t using (table_schema, table_name)
        where t.table_type = 'BASE TABLE'
          and (c.table_schema = any($1) or format('%s.%s', c.table_schema, c.table_name) = any($2))
        group by 1 order by 1`,
      [PROJECT_SCHEMAS, SUPABASE_TABLES_WITH_PROJECT_ROWS],
    );
    const lines: string[] = [];
    for (const { name, timed } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `select (to_jsonb(t) - $1::text[])::text as row from ${name} t order by 1`,
        [timed],
      );
      for (const { row } of rows) lines.push(`${name} ${row}`);
    }
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  } finally {
    await client.end();
  }
}

/** The project's schemas and rows of the database at `url`, dumped with the pg_dump in `binDir`. */
export async function describeDatabase(url: string, binDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    path.join(binDir, 'pg_dump'),
    ['--schema-only', '--no-owner', ...PROJECT_SCHEMAS.map((schema) => `--schema=${schema}`), url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return `${normaliseDump(stdout)}\n-- Rows\n${await tableRows(url)}`;
}

/**
 * The first line where two descriptions differ, with a few lines of each around it under its label, or
 * undefined when they are the same.
 */
export function firstDifference(
  [firstLabel, first]: [string, string],
  [secondLabel, second]: [string, string],
  context = 3,
): string | undefined {
  if (first === second) return undefined;
  const ours = first.split('\n');
  const theirs = second.split('\n');
  let line = 0;
  while (line < ours.length && ours[line] === theirs[line]) line += 1;
  const around = (lines: string[]) =>
    lines
      .slice(Math.max(0, line - context), line + context + 1)
      .map((text) => `    ${text}`)
      .join('\n');
  return `at line ${line + 1}\n  ${firstLabel}:\n${around(ours)}\n  ${secondLabel}:\n${around(theirs)}`;
}
