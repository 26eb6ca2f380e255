import type { IncomingMessage } from 'node:http';
import { attachmentDisposition } from '@agentora/backend/http/content-disposition';
import type { Caller, Database } from '../db/database.ts';
import { authenticate } from '../http/auth.ts';
import type { JwtVerifier } from '../keys/jwt.ts';
import { SMALL_BODY_LIMIT } from '../http/body-limits.ts';
import type { RequestContext } from '../http/context.ts';
import { parseBoundedJson } from '../http/json.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import type { Admission, Reply, Route } from '../http/route.ts';
import { downloadAsCaller, downloadPublic, type StoredObject } from './download.ts';
import { storageErrors, toStorageFailure } from './errors.ts';
import { listObjects } from './list.ts';
import { removeObjects } from './remove.ts';
import { createSignedUrl, downloadSigned } from './signed-url.ts';
import { parseBucketAndName } from './object-key.ts';
import { uploadObject } from './upload.ts';

export interface StorageServices {
  database: Database;
  /** Signs signed URLs' tokens (HS256, as storage-api signs them with the JWT secret). */
  jwtSecret: string;
  /** The JWTs trusted as bearer or apikey (the legacy secret's and Auth's signing key's), and signed URLs'. */
  jwt: JwtVerifier;
  /** Bucket id -> the largest upload body (readUploadBodyLimits). */
  uploadBodyLimits: ReadonlyMap<string, number>;
}

/**
 * Every object is served as a download that browsers never render or sniff: a stored file (a résumé,
 * anything anon uploaded) must not run as a page on this origin, whatever its bytes or declared type.
 */
function sendObject(ctx: RequestContext, name: string, object: StoredObject): void {
  const headers: Record<string, string> = {
    'Content-Type': object.mimeType,
    'Cache-Control': object.cacheControl,
    'Last-Modified': object.lastModified.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (object.eTag) headers.ETag = object.eTag;
  const download = ctx.url.searchParams.get('download');
  headers['Content-Disposition'] = attachmentDisposition(
    download === null || download === '' ? (name.split('/').pop() ?? '') : download,
  );
  sendRaw(ctx.res, 200, object.bytes, headers);
}

/** The gateway's answer when no key at all was sent, before storage-api is reached. */
class MissingApiKey extends Error {}

async function authenticated(req: IncomingMessage, services: StorageServices): Promise<Caller> {
  const auth = await authenticate(req.headers, services.jwt);
  if (auth.ok) return auth.caller;
  if (auth.problem === 'missing') throw new MissingApiKey(auth.message);
  throw storageErrors.invalidJwt(auth.problem === 'expired' ? 'jwt expired' : 'invalid signature');
}

function parseJson(bytes: Buffer): unknown {
  const parsed = parseBoundedJson(bytes);
  if (!parsed.ok) throw storageErrors.invalidRequest('Body is not valid JSON');
  return parsed.value;
}

function errorReply(error: unknown): Reply {
  if (error instanceof MissingApiKey) return { status: 401, body: { message: error.message } };
  const failure = toStorageFailure(error);
  if (failure.httpStatus >= 500) console.error('local-supabase: storage request failed', error);
  return { status: failure.httpStatus, body: failure.body };
}

// The HTTP layer's refusal, before any bytes reach storage: 413 itself, in storage-api's body shape.
const TOO_LARGE: Reply = { status: 413, body: storageErrors.entityTooLarge().body };

/** A route whose failures are answered in storage-api's shape. */
function storageRoute(bodyLimit: number, handle: (ctx: RequestContext) => Promise<void>): Route {
  return {
    bodyLimit,
    tooLarge: TOO_LARGE,
    async handle(ctx) {
      try {
        await handle(ctx);
      } catch (error) {
        const reply = errorReply(error);
        sendJson(ctx.res, reply.status, reply.body);
      }
    },
  };
}

/**
 * Removal and listing: the caller's request about one bucket (its name still URL-encoded in the path),
 * what to remove or list in a JSON body; answered 200 with what `act` returns.
 */
async function bucketRequest(
  req: IncomingMessage,
  services: StorageServices,
  encodedBucket: string,
  act: (database: Database, caller: Caller, bucket: string, body: unknown) => Promise<unknown>,
): Promise<Route> {
  const caller = await authenticated(req, services);
  const bucket = decodeURIComponent(encodedBucket);
  return storageRoute(SMALL_BODY_LIMIT, async (ctx) =>
    sendJson(ctx.res, 200, await act(services.database, caller, bucket, parseJson(ctx.body.bytes))),
  );
}

/**
 * /storage/v1/...: object upload, public, authenticated and signed download, signing, removal and
 * listing, as storage-api answers. The route, the key, the object name and (for uploads) the bucket and its size limit are
 * settled before the body is read.
 */
export async function admitStorage(
  req: IncomingMessage,
  services: StorageServices,
  path: string,
): Promise<Admission> {
  const { database } = services;
  const method = req.method ?? 'GET';
  const isRead = method === 'GET' || method === 'HEAD';
  try {
    let match: RegExpExecArray | null;
    if (method === 'POST' && (match = /^\/object\/sign\/(.+)$/.exec(path))) {
      const caller = await authenticated(req, services);
      const { bucket, name } = parseBucketAndName(match[1]);
      return storageRoute(SMALL_BODY_LIMIT, async (ctx) => {
        const body = parseJson(ctx.body.bytes);
        sendJson(
          ctx.res,
          200,
          await createSignedUrl(database, caller, services, bucket, name, body),
        );
      });
    }
    if (isRead && (match = /^\/object\/sign\/(.+)$/.exec(path))) {
      const { bucket, name } = parseBucketAndName(match[1]);
      return storageRoute(0, async (ctx) => {
        const token = ctx.url.searchParams.get('token');
        sendObject(ctx, name, await downloadSigned(database, services.jwt, bucket, name, token));
      });
    }
    if (method === 'DELETE' && (match = /^\/object\/([^/]+)\/?$/.exec(path))) {
      // Awaited inside the try, so a refused key or a malformed name is answered by errorReply below.
      return await bucketRequest(req, services, match[1], removeObjects);
    }
    if (isRead && (match = /^\/object\/public\/(.+)$/.exec(path))) {
      const { bucket, name } = parseBucketAndName(match[1]);
      return storageRoute(0, async (ctx) =>
        sendObject(ctx, name, await downloadPublic(database, bucket, name)),
      );
    }
    if (method === 'POST' && (match = /^\/object\/list\/([^/]+)$/.exec(path))) {
      return await bucketRequest(req, services, match[1], listObjects);
    }
    if (isRead && (match = /^\/object\/(?:authenticated\/)?(.+)$/.exec(path))) {
      const caller = await authenticated(req, services);
      const { bucket, name } = parseBucketAndName(match[1]);
      return storageRoute(0, async (ctx) =>
        sendObject(ctx, name, await downloadAsCaller(database, caller, bucket, name)),
      );
    }
    if ((method === 'POST' || method === 'PUT') && (match = /^\/object\/(.+)$/.exec(path))) {
      const caller = await authenticated(req, services);
      const { bucket, name } = parseBucketAndName(match[1]);
      const bodyLimit = services.uploadBodyLimits.get(bucket);
      if (bodyLimit === undefined) throw storageErrors.noSuchBucket();
      const upsert = method === 'PUT' || String(req.headers['x-upsert']).toLowerCase() === 'true';
      return storageRoute(bodyLimit, async (ctx) =>
        sendJson(
          ctx.res,
          200,
          await uploadObject(database, {
            caller,
            bucket,
            name,
            headers: ctx.req.headers,
            body: ctx.body.bytes,
            upsert,
          }),
        ),
      );
    }
    return {
      refuse: {
        status: 404,
        body: {
          statusCode: '404',
          error: 'Not Found',
          message: `Route ${method}:/storage/v1${path} not found`,
        },
      },
    };
  } catch (error) {
    return { refuse: errorReply(error) };
  }
}
