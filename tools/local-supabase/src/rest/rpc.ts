import { asCaller, type Caller, type Database } from '../db/database.ts';
import type { FunctionSignature } from '../db/schema-cache.ts';
import { PostgrestFailure } from './errors.ts';
import { isJsonObject, parseJsonBody, type RestResult } from './request.ts';
import { qualified, quoteIdent } from './sql-names.ts';

function bindValue(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'string') return value ?? null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * POST /rest/v1/rpc/<function> with named arguments, run as the caller: EXECUTE rights decide, so only
 * the service role reaches the thank-you ledger functions.
 */
export async function callFunction(
  database: Database,
  caller: Caller,
  name: string,
  overloads: readonly FunctionSignature[] | undefined,
  body: Buffer,
): Promise<RestResult> {
  const args = body.length === 0 ? {} : parseJsonBody(body);
  if (!isJsonObject(args)) throw new PostgrestFailure(400, 'PGRST102', 'Empty or invalid json');
  const argNames = Object.keys(args).sort();
  const signature = overloads?.find(
    (candidate) =>
      candidate.argNames.length === argNames.length &&
      [...candidate.argNames].sort().every((arg, i) => arg === argNames[i]),
  );
  if (!signature) {
    throw new PostgrestFailure(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${argNames.join(', ')}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${argNames.join(', ') || 'none'}`,
    );
  }

  const call = `${qualified('public', name)}(${argNames.map((arg, i) => `${quoteIdent(arg)} := $${i + 1}`).join(', ')})`;
  const values = argNames.map((arg) => bindValue(args[arg]));
  return asCaller(database, caller, async (db) => {
    if (signature.returnsVoid) {
      await db.query(`select ${call}`, values);
      return { status: 204 };
    }
    const sql = signature.returnsSet
      ? `select coalesce(json_agg(pgrst_row), '[]'::json)::text as body from ${call} pgrst_row`
      : `select coalesce(to_json(${call})::text, 'null') as body`;
    const {
      rows: [result],
    } = await db.query<{ body: string }>(sql, values);
    return {
      status: 200,
      body: result.body,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    };
  });
}
