import { asCaller, type Database } from '../db/database.ts';
import { PostgrestFailure } from './errors.ts';
import { whereClause } from './filters.ts';
import {
  isJsonObject,
  parseJsonBody,
  representationHeaders,
  singularBody,
  unknownColumn,
  type RestResult,
  type TableRequest,
} from './request.ts';
import { selectListSql } from './select-list.ts';
import { qualified, quoteIdent } from './sql-names.ts';

async function run(
  database: Database,
  request: TableRequest,
  statementSql: (returning: string) => string,
  values: unknown[],
): Promise<RestResult> {
  const representation = request.prefer.return === 'representation';
  const selectSql = representation
    ? selectListSql(request.params.get('select'), request.table, request.columns)
    : '';
  return asCaller(database, request.caller, async (db) => {
    if (!representation) {
      const total = (await db.query(statementSql(''), values)).rowCount ?? 0;
      return {
        status: 204,
        headers: { 'Content-Range': `*/${request.prefer.count === 'exact' ? total : '*'}` },
      };
    }
    const {
      rows: [result],
    } = await db.query<{ body: string; total: number }>(
      `with pgrst_source as (${statementSql(`returning ${qualified('public', request.table)}.*`)})
       select coalesce(json_agg(pgrst_row), '[]'::json)::text as body, count(*)::int as total
         from (select ${selectSql} from pgrst_source) pgrst_row`,
      values,
    );
    return {
      status: 200,
      body: request.singular ? singularBody(result.body, result.total) : result.body,
      headers: {
        'Content-Range': `*/${request.prefer.count === 'exact' ? result.total : '*'}`,
        ...representationHeaders(request.singular),
      },
    };
  });
}

/** PATCH /rest/v1/<table>?filters: anon holds no UPDATE right, so for the site's tables this always fails. */
export function updateRows(database: Database, request: TableRequest): Promise<RestResult> {
  const payload = parseJsonBody(request.body);
  if (!isJsonObject(payload)) throw new PostgrestFailure(400, 'PGRST102', 'Empty or invalid json');
  const columns = Object.keys(payload);
  for (const column of columns) {
    if (!request.columns.has(column)) throw unknownColumn(request.table, column);
  }
  if (columns.length === 0) return Promise.resolve({ status: 204 });
  const target = qualified('public', request.table);
  // Qualified, because pgrst_body has the same column names.
  const where = whereClause(request.params, request.table, request.columns, {
    firstParam: 2,
    qualifier: target,
  });
  const assignments = columns
    .map((column) => `${quoteIdent(column)} = pgrst_body.${quoteIdent(column)}`)
    .join(', ');
  return run(
    database,
    request,
    (returning) =>
      `update ${target} set ${assignments}
         from (select * from json_populate_record(null::${target}, $1::json)) pgrst_body
         ${where.sql} ${returning}`,
    [JSON.stringify(payload), ...where.values],
  );
}

export function deleteRows(database: Database, request: TableRequest): Promise<RestResult> {
  const where = whereClause(request.params, request.table, request.columns);
  const target = qualified('public', request.table);
  return run(
    database,
    request,
    (returning) => `delete from ${target} ${where.sql} ${returning}`,
    where.values,
  );
}
