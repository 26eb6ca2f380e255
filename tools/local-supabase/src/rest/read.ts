import { asCaller, type Database } from '../db/database.ts';
import { orderClause, pagingClause, whereClause } from './filters.ts';
import {
  representationHeaders,
  singularBody,
  type RestResult,
  type TableRequest,
} from './request.ts';
import { selectListSql } from './select-list.ts';
import { qualified } from './sql-names.ts';

/** GET /rest/v1/<table>: read as the caller, so grants and RLS decide what comes back. */
export async function readRows(database: Database, request: TableRequest): Promise<RestResult> {
  const selectSql = selectListSql(request.params.get('select'), request.table, request.columns);
  const where = whereClause(request.params, request.table, request.columns);
  const order = orderClause(request.params.get('order'), request.table, request.columns);
  const paging = pagingClause(request.params);
  const target = qualified('public', request.table);

  return asCaller(database, request.caller, async (db) => {
    const {
      rows: [result],
    } = await db.query<{ body: string; total: number }>(
      `select coalesce(json_agg(pgrst_row), '[]'::json)::text as body, count(*)::int as total
         from (select ${selectSql} from ${target} ${where.sql} ${order} ${paging}) pgrst_row`,
      where.values,
    );
    const offset = Number(request.params.get('offset') ?? 0);
    const range = result.total === 0 ? '*/*' : `${offset}-${offset + result.total - 1}/*`;
    return {
      status: 200,
      body: request.singular ? singularBody(result.body, result.total) : result.body,
      headers: { 'Content-Range': range, ...representationHeaders(request.singular) },
    };
  });
}
