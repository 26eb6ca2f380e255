// A view's options (security_invoker, security_barrier, check_option), which migra's diff leaves out:
// it writes `create or replace view` with none, and that statement resets a view's options to none. So
// every view the diff writes, and every view whose options differ, gets its options set again.
import pg from 'pg';
import { PROJECT_SCHEMAS } from './describe.ts';

const VIEW_OPTIONS = `
  select format('%I.%I', n.nspname, c.relname) as view, coalesce(c.reloptions, '{}') as options
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1) and c.relkind = 'v'`;

async function optionsOf(url: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ view: string; options: string[] }>(VIEW_OPTIONS, [
      PROJECT_SCHEMAS,
    ]);
    return new Map(rows.map(({ view, options }) => [view, [...options].sort()]));
  } finally {
    await client.end();
  }
}

/** `"public"."v"` or `public.v` as a diff may write it. */
const written = (sql: string, view: string) => {
  const [schema, name] = view.split('.').map((part) => part.replace(/^"|"$/g, ''));
  return new RegExp(
    `create\\s+(or\\s+replace\\s+)?view\\s+"?${schema}"?\\."?${name}"?[\\s(]`,
    'i',
  ).test(sql);
};

/** The ALTER VIEW statements that give `toUrl`'s views their options after `diffSql` has run. */
export async function viewOptionsDiff(
  fromUrl: string,
  toUrl: string,
  diffSql: string,
): Promise<string> {
  const [before, after] = await Promise.all([optionsOf(fromUrl), optionsOf(toUrl)]);
  const statements: string[] = [];
  for (const [view, options] of [...after].sort(([a], [b]) => a.localeCompare(b))) {
    const was = before.get(view);
    const rewritten = written(diffSql, view);
    const changed = was === undefined || was.join(',') !== options.join(',');
    if (!rewritten && !changed) continue;
    const dropped = (was ?? [])
      .map((option) => option.split('=')[0])
      .filter((name) => !options.some((option) => option.split('=')[0] === name));
    if (options.length > 0) statements.push(`alter view ${view} set (${options.join(', ')});`);
    if (!rewritten && dropped.length > 0)
      statements.push(`alter view ${view} reset (${dropped.join(', ')});`);
  }
  return statements.length === 0 ? '' : `${statements.join('\n')}\n`;
}
