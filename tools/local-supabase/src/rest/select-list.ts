import { PostgrestFailure } from './errors.ts';
import { quoteIdent } from './sql-names.ts';

/**
 * The `select` query parameter, limited to what this site needs: `*` and plain columns, optionally
 * renamed (`alias:column`). Embedded resources and casts are refused rather than silently ignored.
 */
export function selectListSql(
  select: string | null,
  table: string,
  columns: ReadonlySet<string>,
): string {
  if (select === null || select.trim() === '' || select.trim() === '*') return '*';
  return select
    .split(',')
    .map((item) => item.trim())
    .map((item) => {
      if (item === '*') return '*';
      const match = /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_]*)$/.exec(item);
      if (!match) {
        throw new PostgrestFailure(
          400,
          'PGRST100',
          `"failed to parse select parameter (${select})" (local-supabase supports plain column lists only)`,
        );
      }
      const [, alias, column] = match;
      if (!columns.has(column))
        throw new PostgrestFailure(400, '42703', `column ${table}.${column} does not exist`);
      return alias ? `${quoteIdent(column)} as ${quoteIdent(alias)}` : quoteIdent(column);
    })
    .join(', ');
}

/**
 * The rows a write returns (`writeSql` ends in RETURNING) as one JSON array text, `body`, and their count,
 * `total`: built by Postgres so values serialise as PostgREST's do. The write stands in a WITH, the only
 * place Postgres lets a data-modifying statement be a query's source.
 */
export function writtenRowsSql(writeSql: string, selectSql: string): string {
  return `with pgrst_source as (${writeSql})
    select coalesce(json_agg(pgrst_row), '[]'::json)::text as body, count(*)::int as total
      from (select ${selectSql} from pgrst_source) pgrst_row`;
}
