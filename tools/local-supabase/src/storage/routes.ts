import type { Caller, Database } from '../db/database.ts';
import { authenticate } from '../http/auth.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import { downloadAsCaller, downloadPublic, type StoredObject } from './download.ts';
import { storageErrors, toStorageFailure } from './errors.ts';
import { listObjects } from './list.ts';
import { removeObjects } from './remove.ts';
import { createSignedUrl, downloadSigned } from './signed-url.ts';
import { parseBucketAndName } from './object-key.ts';
import { GLOBAL_FILE_SIZE_LIMIT, uploadObject } from './upload.ts';

export interface StorageServices {
  database: Database;
  jwtSecret: string;
}

function sendObject(ctx: RequestContext, object: StoredObject): void {
  const headers: Record<string, string> = {
    'Content-Type': object.mimeType,
    'Cache-Control': object.cacheControl,
    'Last-Modified': object.lastModified.toUTCString(),
  };
  if (object.eTag) headers.ETag = object.eTag;
  const download = ctx.url.searchParams.get('download');
  if (download !== null) {
    const filename =
      download === ''
        ? decodeURIComponent(ctx.url.pathname.split('/').pop() ?? 'download')
        : download;
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  sendRaw(ctx.res, 200, object.bytes, headers);
}

/** The gateway's answer when no key at all was sent, before storage-api is reached. */
class MissingApiKey extends Error {}

function authenticated(ctx: RequestContext, services: StorageServices): Caller {
  const auth = authenticate(ctx.req.headers, services.jwtSecret);
  if (auth.ok) return auth.caller;
  if (auth.problem === 'missing') throw new MissingApiKey(auth.message);
  throw storageErrors.invalidJwt(auth.problem === 'expired' ? 'jwt expired' : 'invalid signature');
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
}

/** /storage/v1/...: object upload, public and authenticated download, and listing, as storage-api answers. */
export async function handleStorage(
  ctx: RequestContext,
  services: StorageServices,
  path: string,
): Promise<void> {
  const method = ctx.req.method ?? 'GET';
  const isRead = method === 'GET' || method === 'HEAD';
  try {
    let match: RegExpExecArray | null;
    if (method === 'POST' && (match = /^\/object\/sign\/(.+)$/.exec(path))) {
      const caller = authenticated(ctx, services);
      const { bucket, name } = parseBucketAndName(match[1]);
      const body = parseJson(ctx.body.bytes);
      sendJson(
        ctx.res,
        200,
        await createSignedUrl(services.database, caller, services.jwtSecret, bucket, name, body),
      );
    } else if (isRead && (match = /^\/object\/sign\/(.+)$/.exec(path))) {
      const { bucket, name } = parseBucketAndName(match[1]);
      const token = ctx.url.searchParams.get('token');
      sendObject(ctx, await downloadSigned(services.database, services.jwtSecret, bucket, name, token));
    } else if (method === 'DELETE' && (match = /^\/object\/([^/]+)\/?$/.exec(path))) {
      const caller = authenticated(ctx, services);
      const bucket = decodeURIComponent(match[1]);
      sendJson(
        ctx.res,
        200,
        await removeObjects(services.database, caller, bucket, parseJson(ctx.body.bytes)),
      );
    } else if (isRead && (match = /^\/object\/public\/(.+)$/.exec(path))) {
      const { bucket, name } = parseBucketAndName(match[1]);
      sendObject(ctx, await downloadPublic(services.database, bucket, name));
    } else if (method === 'POST' && (match = /^\/object\/list\/([^/]+)$/.exec(path))) {
      const caller = authenticated(ctx, services);
      sendJson(
        ctx.res,
        200,
        await listObjects(
          services.database,
          caller,
          decodeURIComponent(match[1]),
          parseJson(ctx.body.bytes),
        ),
      );
    } else if (isRead && (match = /^\/object\/(?:authenticated\/)?(.+)$/.exec(path))) {
      const caller = authenticated(ctx, services);
      const { bucket, name } = parseBucketAndName(match[1]);
      sendObject(ctx, await downloadAsCaller(services.database, caller, bucket, name));
    } else if ((method === 'POST' || method === 'PUT') && (match = /^\/object\/(.+)$/.exec(path))) {
      const caller = authenticated(ctx, services);
      const { bucket, name } = parseBucketAndName(match[1]);
      if (ctx.body.overLimit || ctx.body.size > GLOBAL_FILE_SIZE_LIMIT + 1024 * 1024)
        throw storageErrors.entityTooLarge();
      const upsert =
        method === 'PUT' || String(ctx.req.headers['x-upsert']).toLowerCase() === 'true';
      sendJson(
        ctx.res,
        200,
        await uploadObject(services.database, {
          caller,
          bucket,
          name,
          headers: ctx.req.headers,
          body: ctx.body.bytes,
          upsert,
        }),
      );
    } else {
      sendJson(ctx.res, 404, {
        statusCode: '404',
        error: 'Not Found',
        message: `Route ${method}:/storage/v1${path} not found`,
      });
    }
  } catch (error) {
    if (error instanceof MissingApiKey) {
      sendJson(ctx.res, 401, { message: error.message });
      return;
    }
    const failure = toStorageFailure(error);
    if (failure.httpStatus >= 500) console.error('local-supabase: storage request failed', error);
    sendJson(ctx.res, failure.httpStatus, failure.body);
  }
}
