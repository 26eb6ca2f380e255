import { asCaller, type Caller, type Database } from '../db/database.ts';
import { storageErrors } from './errors.ts';

/**
 * DELETE /storage/v1/object/<bucket> {prefixes: [names]}: storage-js remove(). Deleted as the caller, so
 * only what the bucket's policies let the caller delete goes (the service role: anything); the bytes go
 * with the row. Answers the deleted objects.
 */
export async function removeObjects(
  database: Database,
  caller: Caller,
  bucketId: string,
  body: unknown,
): Promise<Record<string, unknown>[]> {
  const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > 1000 ||
    !prefixes.every((prefix) => typeof prefix === 'string')
  ) {
    throw storageErrors.invalidRequest('prefixes must be a list of 1 to 1000 object names');
  }
  return asCaller(database, caller, async (db) => {
    const { rows } = await db.query(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning name, id, bucket_id, owner, updated_at, created_at, last_accessed_at, metadata`,
      [bucketId, prefixes],
    );
    return rows;
  });
}
