import { asCaller, type Caller, type Database } from '../db/database.ts';
import { storageErrors } from './errors.ts';

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  descending: boolean;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

function parseListOptions(body: unknown): ListOptions {
  if (typeof body !== 'object' || body === null)
    throw storageErrors.invalidRequest('body must be an object');
  const { prefix, limit, offset, search, sortBy } = body as Record<string, unknown>;
  if (typeof prefix !== 'string')
    throw storageErrors.invalidRequest("body must have required property 'prefix'");
  return {
    prefix: prefix.replace(/^\/+/, ''),
    limit: typeof limit === 'number' && limit > 0 ? Math.min(limit, 1000) : 100,
    offset: typeof offset === 'number' && offset >= 0 ? offset : 0,
    search: typeof search === 'string' ? search : '',
    descending:
      typeof sortBy === 'object' &&
      sortBy !== null &&
      (sortBy as { order?: unknown }).order === 'desc',
  };
}

/**
 * POST /storage/v1/object/list/<bucket>: one folder level, like storage.search(). The objects are read
 * as the caller, so RLS hides everything from a role without a SELECT policy.
 */
export async function listObjects(
  database: Database,
  caller: Caller,
  bucketId: string,
  body: unknown,
): Promise<ListEntry[]> {
  const options = parseListOptions(body);
  const folder =
    options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const rows = await asCaller(database, caller, async (db) => {
    const result = await db.query<{
      name: string;
      id: string;
      updated_at: Date;
      created_at: Date;
      last_accessed_at: Date;
      metadata: Record<string, unknown> | null;
    }>(
      `select name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
        where bucket_id = $1 and left(name, char_length($2)) = $2`,
      [bucketId, folder],
    );
    return result.rows;
  });

  const entries = new Map<string, ListEntry>();
  for (const row of rows) {
    const rest = row.name.slice(folder.length);
    const slash = rest.indexOf('/');
    const entryName = slash === -1 ? rest : rest.slice(0, slash);
    if (options.search !== '' && !entryName.toLowerCase().includes(options.search.toLowerCase()))
      continue;
    if (slash !== -1) {
      entries.set(entryName, {
        name: entryName,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
    } else {
      entries.set(entryName, {
        name: entryName,
        id: row.id,
        updated_at: row.updated_at.toISOString(),
        created_at: row.created_at.toISOString(),
        last_accessed_at: row.last_accessed_at.toISOString(),
        metadata: row.metadata,
      });
    }
  }
  const sorted = [...entries.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  if (options.descending) sorted.reverse();
  return sorted.slice(options.offset, options.offset + options.limit);
}
