import type { Caller } from '../db/database.ts';
import { MAX_JSON_DEPTH, parseBoundedJson } from '../http/json.ts';
import { PostgrestFailure } from './errors.ts';
import type { Preferences } from './prefer.ts';

/** One call to /rest/v1/<table>, after authentication and schema-cache lookup. */
export interface TableRequest {
  caller: Caller;
  table: string;
  columns: ReadonlySet<string>;
  params: URLSearchParams;
  prefer: Preferences;
  body: Buffer;
  /** Accept: application/vnd.pgrst.object+json, i.e. supabase-js .single(). */
  singular: boolean;
}

export interface RestResult {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export function parseJsonBody(body: Buffer): unknown {
  const parsed = parseBoundedJson(body);
  if (parsed.ok) return parsed.value;
  throw new PostgrestFailure(
    400,
    'PGRST102',
    'Empty or invalid json',
    parsed.problem === 'too-deep' ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels` : null,
  );
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A write names only the table's columns: PostgREST's PGRST204 for the first one it does not have. */
export function checkColumns(request: TableRequest, columns: Iterable<string>): void {
  for (const column of columns) {
    if (!request.columns.has(column)) {
      throw new PostgrestFailure(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${request.table}' in the schema cache`,
      );
    }
  }
}

/** What supabase-js .single() expects; PostgREST rolls the transaction back when it cannot be met. */
export function singularBody(jsonArray: string, total: number): string {
  if (total !== 1) {
    throw new PostgrestFailure(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${total} rows`,
    );
  }
  return JSON.stringify((JSON.parse(jsonArray) as unknown[])[0]);
}

export function representationHeaders(singular: boolean): Record<string, string> {
  return {
    'Content-Type': singular
      ? 'application/vnd.pgrst.object+json; charset=utf-8'
      : 'application/json; charset=utf-8',
  };
}

/**
 * A write's answer: Content-Range counts the rows only when `Prefer: count=exact` asked, and the
 * written rows (`returned`, a JSON array) come back only when `Prefer: return=representation` did.
 */
export function writeResult(
  request: TableRequest,
  status: number,
  total: number,
  returned?: string,
): RestResult {
  const headers = { 'Content-Range': `*/${request.prefer.count === 'exact' ? total : '*'}` };
  if (returned === undefined) return { status, headers };
  return {
    status,
    body: request.singular ? singularBody(returned, total) : returned,
    headers: { ...headers, ...representationHeaders(request.singular) },
  };
}
