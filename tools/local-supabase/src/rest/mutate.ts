import { asCaller, type Database } from '../db/database.ts';
import { PostgrestFailure } from './errors.ts';
import { whereClause } from './filters.ts';
import {
  checkColumns,
  isJsonObject,
  parseJsonBody,
  writeResult,
  type RestResult,
  type TableRequest,
} from './request.ts';
import { selectListSql, writtenRowsSql } from './select-list.ts';
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
      return writeResult(request, 204, (await db.query(statementSql(''), values)).rowCount ?? 0);
    }
    const {
      rows: [result],
    } = await db.query<{ body: string; total: number }>(
      writtenRowsSql(statementSql(`returning ${qualified('public', request.table)}.*`), selectSql),
      values,
    );
    return writeResult(request, 200, result.total, result.body);
  });
}

/** PATCH /rest/v1/<table>?filters: anon holds no UPDATE right, so for the site's tables this always fails. */
export function updateRows(database: Database, request: TableRequest): Promise<RestResult> {
  const payload = parseJsonBody(request.body);
  if (!isJsonObject(payload)) throw new PostgrestFailure(400, 'PGRST102', 'Empty or invalid json');
  const columns = Object.keys(payload);
  checkColumns(request, columns);
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
