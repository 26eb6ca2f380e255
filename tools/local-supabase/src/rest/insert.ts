import { asCaller, type Database } from '../db/database.ts';
import { PostgrestFailure } from './errors.ts';
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

interface InsertGroup {
  columns: string[];
  rows: Record<string, unknown>[];
}

function parseColumnsParam(raw: string): string[] {
  return raw
    .split(',')
    .map((column) => column.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
}

/**
 * How PostgREST turns a body into INSERT column lists: the `columns` parameter when given (supabase-js
 * sends it for arrays), otherwise the keys, which must then match across all objects. With
 * `Prefer: missing=default` each row keeps its own keys, so absent ones take the column default.
 */
function groupRows(request: TableRequest, rows: Record<string, unknown>[]): InsertGroup[] {
  const columnsParam = request.params.get('columns');
  if (columnsParam !== null) return [{ columns: parseColumnsParam(columnsParam), rows }];
  if (rows.length === 0) return [];
  if (request.prefer.missingDefault)
    return rows.map((row) => ({ columns: Object.keys(row), rows: [row] }));
  const columns = Object.keys(rows[0]);
  const signature = [...columns].sort().join(',');
  for (const row of rows) {
    if ([...Object.keys(row)].sort().join(',') !== signature) {
      throw new PostgrestFailure(400, 'PGRST102', 'All object keys must match');
    }
  }
  return [{ columns, rows }];
}

export async function insertRows(database: Database, request: TableRequest): Promise<RestResult> {
  if (request.prefer.resolution !== undefined) {
    throw new PostgrestFailure(
      501,
      'PGRST000',
      'local-supabase does not implement upserts (Prefer: resolution=...)',
    );
  }
  const payload = parseJsonBody(request.body);
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isJsonObject))
    throw new PostgrestFailure(400, 'PGRST102', 'Empty or invalid json');

  const groups = groupRows(request, rows);
  for (const group of groups) checkColumns(request, group.columns);
  const representation = request.prefer.return === 'representation';
  const selectSql = representation
    ? selectListSql(request.params.get('select'), request.table, request.columns)
    : '';
  const target = qualified('public', request.table);

  return asCaller(database, request.caller, async (db) => {
    let total = 0;
    const returned: unknown[] = [];
    for (const group of groups) {
      const columnList = group.columns.map(quoteIdent).join(', ');
      const insertSql =
        group.columns.length === 0
          ? `insert into ${target} select from generate_series(1, json_array_length($1::json))`
          : `insert into ${target} (${columnList}) select ${columnList} from json_populate_recordset(null::${target}, $1::json)`;
      const json = JSON.stringify(group.rows);
      if (representation) {
        // RETURNING needs SELECT rights, so for anon this fails the whole insert, exactly as PostgREST does.
        const {
          rows: [result],
        } = await db.query<{ body: string; total: number }>(
          writtenRowsSql(`${insertSql} returning *`, selectSql),
          [json],
        );
        returned.push(...(JSON.parse(result.body) as unknown[]));
        total += result.total;
      } else {
        total += (await db.query(insertSql, [json])).rowCount ?? 0;
      }
    }
    return writeResult(request, 201, total, representation ? JSON.stringify(returned) : undefined);
  });
}
