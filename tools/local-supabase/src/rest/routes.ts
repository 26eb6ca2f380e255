import type { IncomingMessage } from 'node:http';
import type { Caller, Database } from '../db/database.ts';
import type { SchemaCache } from '../db/schema-cache.ts';
import { forwardedHeaders } from '../http/forwarded-headers.ts';
import { authenticate, type Authentication } from '../http/auth.ts';
import type { JwtVerifier } from '../keys/jwt.ts';
import { SMALL_BODY_LIMIT } from '../http/body-limits.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import type { Admission, Reply } from '../http/route.ts';
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
  /** The JWTs trusted as bearer or apikey: the legacy secret's and Auth's signing key's. */
  jwt: JwtVerifier;
}

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

function authFailureReply(auth: Extract<Authentication, { ok: false }>): Reply {
  if (auth.problem === 'missing') {
    return {
      status: 401,
      body: {
        message: auth.message,
        hint: 'Provide the anon or service_role key in the apikey header.',
      },
    };
  }
  const code = auth.code ?? (auth.problem === 'expired' ? 'PGRST303' : 'PGRST301');
  return {
    status: 401,
    body: { code, details: auth.details ?? null, hint: null, message: auth.message },
    // PostgREST names the problem in the challenge (RFC 6750's invalid_token).
    headers: {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(auth.message)}`,
    },
  };
}

const TOO_LARGE: Reply = {
  status: 413,
  body: new PostgrestFailure(
    413,
    'PGRST102',
    `The request body is larger than ${SMALL_BODY_LIMIT} bytes`,
  ).body,
};

const tableNotFound = (table: string) =>
  new PostgrestFailure(
    404,
    'PGRST205',
    `Could not find the table 'public.${table}' in the schema cache`,
  );

const invalidPath = (path: string) =>
  new PostgrestFailure(404, 'PGRST125', `Invalid path specified in request URL: /rest/v1${path}`);

function pathSegments(path: string): string[] {
  return path.split('/').filter(Boolean).map(decodeURIComponent);
}

/** A path that names no table and no RPC. */
function unknownTarget(path: string, schema: SchemaCache): PostgrestFailure | undefined {
  const segments = pathSegments(path);
  if (segments.length === 2 && segments[0] === 'rpc') return undefined;
  if (segments.length !== 1) return invalidPath(path);
  return schema.relations.has(segments[0]) ? undefined : tableNotFound(segments[0]);
}

/** /rest/v1/...: the key and the table are checked before the body is read; reads take no body. */
export async function admitRest(
  req: IncomingMessage,
  services: RestServices,
  path: string,
): Promise<Admission> {
  const auth = await authenticate(req.headers, services.jwt);
  if (!auth.ok) return { refuse: authFailureReply(auth) };
  const unknown = unknownTarget(path, services.schema);
  if (unknown) return { refuse: { status: unknown.status, body: unknown.body } };
  // PostgREST hands SQL the headers as the gateway forwarded them (request.headers).
  const caller: Caller = { ...auth.caller, headers: forwardedHeaders(req) };
  return {
    bodyLimit: req.method === 'GET' || req.method === 'HEAD' ? 0 : SMALL_BODY_LIMIT,
    tooLarge: TOO_LARGE,
    handle: (ctx) => handleRest(ctx, services, path, caller),
  };
}

/** The PostgREST subset supabase-js uses, with PostgREST's statuses and error bodies. */
async function handleRest(
  ctx: RequestContext,
  services: RestServices,
  path: string,
  caller: Caller,
): Promise<void> {
  try {
    checkProfile(ctx);
    const segments = pathSegments(path);
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
      if (!columns) throw tableNotFound(table);
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
      throw invalidPath(path);
    }
    sendRaw(ctx.res, result.status, result.body, result.headers);
  } catch (error) {
    const failure = toPostgrestFailure(error, caller.role);
    if (failure.status >= 500) console.error('local-supabase: REST request failed', error);
    sendJson(ctx.res, failure.status, failure.body);
  }
}
