import type { Database } from '../db/database.ts';
import type { SchemaCache } from '../db/schema-cache.ts';
import { forwardedHeaders } from '../gateway/forwarded-headers.ts';
import { authenticate } from '../http/auth.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import { PostgrestFailure, toPostgrestFailure } from './errors.ts';
import { insertRows } from './insert.ts';
import { deleteRows, updateRows } from './mutate.ts';
import { parsePreferences } from './prefer.ts';
import { readRows } from './read.ts';
import type { RestResult } from './request.ts';
import { callFunction } from './rpc.ts';

export interface RestServices {
  database: Database;
  schema: SchemaCache;
  jwtSecret: string;
}

// PostgREST itself has no limit; hosted Supabase's gateway does. Far above any sign-up form.
const MAX_REST_BODY = 1024 * 1024;

function checkProfile(ctx: RequestContext): void {
  const header =
    ctx.req.method === 'GET' || ctx.req.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = ctx.req.headers[header];
  if (profile !== undefined && profile !== 'public') {
    throw new PostgrestFailure(
      406,
      'PGRST106',
      'The schema must be one of the following: public',
      null,
      null,
    );
  }
}

/** /rest/v1/...: the PostgREST subset supabase-js uses, with PostgREST's statuses and error bodies. */
export async function handleRest(
  ctx: RequestContext,
  services: RestServices,
  path: string,
): Promise<void> {
  const auth = authenticate(ctx.req.headers, services.jwtSecret);
  if (!auth.ok) {
    if (auth.problem === 'missing') {
      sendJson(ctx.res, 401, {
        message: auth.message,
        hint: 'Provide the anon or service_role key in the apikey header.',
      });
    } else {
      const code = auth.problem === 'expired' ? 'PGRST303' : 'PGRST301';
      sendJson(
        ctx.res,
        401,
        { code, details: null, hint: null, message: auth.message },
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    return;
  }
  const caller = { ...auth.caller, headers: forwardedHeaders(ctx.req) };

  try {
    checkProfile(ctx);
    if (ctx.body.overLimit || ctx.body.size > MAX_REST_BODY) {
      throw new PostgrestFailure(
        413,
        'PGRST102',
        `The request body is larger than ${MAX_REST_BODY} bytes`,
      );
    }
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    let result: RestResult;

    if (segments.length === 2 && segments[0] === 'rpc') {
      if (ctx.req.method !== 'POST')
        throw new PostgrestFailure(405, 'PGRST117', `Unsupported HTTP method: ${ctx.req.method}`);
      result = await callFunction(
        services.database,
        caller,
        segments[1],
        services.schema.functions.get(segments[1]),
        ctx.body.bytes,
      );
    } else if (segments.length === 1) {
      const table = segments[0];
      const columns = services.schema.relations.get(table);
      if (!columns)
        throw new PostgrestFailure(
          404,
          'PGRST205',
          `Could not find the table 'public.${table}' in the schema cache`,
        );
      const request = {
        caller,
        table,
        columns,
        params: ctx.url.searchParams,
        prefer: parsePreferences(ctx.req.headers),
        body: ctx.body.bytes,
        singular: (ctx.req.headers.accept ?? '').includes('application/vnd.pgrst.object+json'),
      };
      switch (ctx.req.method) {
        case 'GET':
        case 'HEAD':
          result = await readRows(services.database, request);
          break;
        case 'POST':
          result = await insertRows(services.database, request);
          break;
        case 'PATCH':
          result = await updateRows(services.database, request);
          break;
        case 'DELETE':
          result = await deleteRows(services.database, request);
          break;
        default:
          throw new PostgrestFailure(405, 'PGRST117', `Unsupported HTTP method: ${ctx.req.method}`);
      }
    } else {
      throw new PostgrestFailure(
        404,
        'PGRST125',
        `Invalid path specified in request URL: /rest/v1${path}`,
      );
    }
    sendRaw(ctx.res, result.status, result.body, result.headers);
  } catch (error) {
    const failure = toPostgrestFailure(error, caller.role);
    if (failure.status >= 500) console.error('local-supabase: REST request failed', error);
    sendJson(ctx.res, failure.status, failure.body);
  }
}
