import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { asServer, becomeCaller, type Caller, type Database } from '../db/database.ts';
import { fileBodyLimit } from '../http/body-limits.ts';
import { findBucket, type BucketSettings } from './bucket.ts';
import { storageErrors } from './errors.ts';
import { isHeaderSafe } from './header-value.ts';
import { storedContentType } from './mime.ts';

/** Hosted Supabase's global upload ceiling (config.toml [storage] file_size_limit). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** The most bytes one file in the bucket may have: its own limit (the migrations set it), capped globally. */
function maxFileBytes(bucket: BucketSettings): number {
  return Math.min(bucket.fileSizeLimit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
}

/**
 * For each bucket, the largest request body that may carry a file for it: its size limit plus room for
 * the multipart form. Read once at start-up, after the migrations (which create the buckets), so that
 * an upload's limit is known from its path before its body is read; an edge function that takes a file
 * for a bucket declares the same limit.
 */
export function readUploadBodyLimits(database: Database): Promise<Map<string, number>> {
  return database.transaction(async (db) => {
    const { rows } = await db.query<{ id: string }>('select id from storage.buckets');
    const limits = new Map<string, number>();
    for (const { id } of rows) {
      const bucket = await findBucket(db, id);
      if (bucket) limits.set(id, fileBodyLimit(maxFileBytes(bucket)));
    }
    return limits;
  });
}

interface UploadedFile {
  bytes: Buffer;
  /** As the client declared it, checked against the bucket before it is stored. */
  mimeType: string;
  cacheControl: string;
}

/** Refused at upload rather than stored: every later download would send it back as a header. */
function checkedCacheControl(value: string): string {
  if (!isHeaderSafe(value))
    throw storageErrors.invalidRequest(
      'cacheControl must be printable ASCII (at most 1000 characters)',
    );
  return value;
}

/** supabase-js sends File/Blob bodies as multipart form data and anything else raw (storage-js uploadOrUpdate). */
async function readFile(headers: IncomingHttpHeaders, body: Buffer): Promise<UploadedFile> {
  const contentType = headers['content-type'] ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Request('http://local.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      throw storageErrors.invalidRequest('The multipart body could not be parsed');
    }
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw storageErrors.invalidRequest('No content provided');
    const cacheControl = form.get('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: file.type || 'application/octet-stream',
      cacheControl:
        typeof cacheControl === 'string' && cacheControl !== ''
          ? `max-age=${checkedCacheControl(cacheControl)}`
          : 'no-cache',
    };
  }
  return {
    bytes: body,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: checkedCacheControl(headers['cache-control'] ?? 'no-cache'),
  };
}

export interface UploadRequest {
  caller: Caller;
  bucket: string;
  name: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** PUT (update) always replaces; POST replaces only with x-upsert: true. */
  upsert: boolean;
}

/**
 * POST/PUT /storage/v1/object/<bucket>/<name>. Limits are checked first, then the storage.objects row is
 * written as the caller, so the bucket's RLS policies decide; the bytes go in the same transaction.
 */
export async function uploadObject(
  database: Database,
  request: UploadRequest,
): Promise<{ Id: string; Key: string }> {
  const file = await readFile(request.headers, request.body);
  return database.transaction(async (db) => {
    const bucket = await findBucket(db, request.bucket);
    if (!bucket) throw storageErrors.noSuchBucket();
    if (file.bytes.length > maxFileBytes(bucket)) throw storageErrors.entityTooLarge();
    const mimeType = storedContentType(file.mimeType, bucket.allowedMimeTypes);
    if (mimeType === undefined) throw storageErrors.invalidMimeType(file.mimeType);

    const now = new Date().toISOString();
    const metadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.length,
      mimetype: mimeType,
      cacheControl: file.cacheControl,
      lastModified: now,
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    const owner = typeof request.caller.claims.sub === 'string' ? request.caller.claims.sub : null;
    const version = randomUUID();

    await becomeCaller(db, request.caller);
    let id: string = randomUUID();
    const values = [
      id,
      request.bucket,
      request.name,
      owner,
      JSON.stringify(metadata),
      version,
      owner,
    ];
    if (request.upsert) {
      // Replacing needs SELECT and UPDATE on the row as well, which is what keeps anon from overwriting.
      const { rows } = await db.query<{ id: string }>(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3, $4::uuid, $7::text, $5::jsonb, $6)
         on conflict (bucket_id, name) do update
           set metadata = excluded.metadata, version = excluded.version, owner = excluded.owner,
               owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()
         returning id`,
        values,
      );
      id = rows[0].id;
    } else {
      // No RETURNING: it would need SELECT rights, which anon must not have.
      await db.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3, $4::uuid, $7::text, $5::jsonb, $6)`,
        values,
      );
    }
    await asServer(db);
    await db.query(
      `insert into local_storage.object_data (object_id, data) values ($1, $2)
       on conflict (object_id) do update set data = excluded.data`,
      [id, file.bytes],
    );
    return { Id: id, Key: `${request.bucket}/${request.name}` };
  });
}
