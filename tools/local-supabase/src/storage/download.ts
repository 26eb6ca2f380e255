import {
  asServer,
  becomeCaller,
  type Caller,
  type Database,
  type Queryable,
} from '../db/database.ts';
import { findBucket } from './bucket.ts';
import { storageErrors } from './errors.ts';
import { isHeaderSafe } from './header-value.ts';
import { storedContentType } from './mime.ts';

export interface StoredObject {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
  eTag: string | undefined;
  lastModified: Date;
}

export interface ObjectRow {
  id: string;
  metadata: { mimetype?: unknown; cacheControl?: unknown; eTag?: unknown } | null;
  updated_at: Date;
}

/** Uploads store only header-safe values; a row written otherwise is served with the default. */
function safeHeader(stored: unknown): string | undefined {
  return typeof stored === 'string' && isHeaderSafe(stored) ? stored : undefined;
}

/** The object's bytes and metadata, read with the server's own rights. */
export async function loadStoredObject(db: Queryable, row: ObjectRow): Promise<StoredObject> {
  const { rows } = await db.query<{ data: Buffer }>(
    'select data from local_storage.object_data where object_id = $1',
    [row.id],
  );
  if (!rows[0]) throw storageErrors.noSuchKey();
  return {
    bytes: rows[0].data,
    mimeType:
      storedContentType(safeHeader(row.metadata?.mimetype) ?? '', null) ??
      'application/octet-stream',
    cacheControl: safeHeader(row.metadata?.cacheControl) ?? 'no-cache',
    eTag: safeHeader(row.metadata?.eTag),
    lastModified: row.updated_at,
  };
}

const SELECT_OBJECT =
  'select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2';

/** GET /storage/v1/object/public/<bucket>/<name>: no key needed, but only for a public bucket. */
export function downloadPublic(
  database: Database,
  bucketId: string,
  name: string,
): Promise<StoredObject> {
  return database.transaction(async (db) => {
    const bucket = await findBucket(db, bucketId);
    if (!bucket || !bucket.public) throw storageErrors.noSuchBucket();
    const { rows } = await db.query<ObjectRow>(SELECT_OBJECT, [bucketId, name]);
    if (!rows[0]) throw storageErrors.noSuchKey();
    return loadStoredObject(db, rows[0]);
  });
}

/**
 * GET /storage/v1/object/[authenticated/]<bucket>/<name>: the object row is looked up as the caller,
 * so without a SELECT policy (anon on the applications bucket) the object simply does not exist.
 */
export function downloadAsCaller(
  database: Database,
  caller: Caller,
  bucketId: string,
  name: string,
): Promise<StoredObject> {
  return database.transaction(async (db) => {
    await becomeCaller(db, caller);
    const { rows } = await db.query<ObjectRow>(SELECT_OBJECT, [bucketId, name]);
    if (!rows[0]) throw storageErrors.noSuchKey();
    await asServer(db);
    return loadStoredObject(db, rows[0]);
  });
}
