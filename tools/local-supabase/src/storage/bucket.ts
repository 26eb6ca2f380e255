import type { Queryable } from '../db/database.ts';

export interface BucketSettings {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** Read with the server's own role: limits apply to everyone, whatever the caller may see. */
export async function findBucket(db: Queryable, id: string): Promise<BucketSettings | undefined> {
  const { rows } = await db.query<{
    id: string;
    public: boolean | null;
    file_size_limit: string | null;
    allowed_mime_types: string[] | null;
  }>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [
    id,
  ]);
  const [row] = rows;
  if (!row) return undefined;
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}
