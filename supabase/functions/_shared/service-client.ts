// The part of a supabase-js client, created with the service role key, that the functions use. Deno's
// entry points (index.ts) pass the npm:@supabase/supabase-js client; tools/local-supabase passes the one
// from node_modules, pointed at itself. Typed structurally, so the functions' modules import no SDK.

export interface ServiceError {
  message: string;
  code?: string;
}

export interface ServiceResult<T> {
  data: T | null;
  error: ServiceError | null;
}

export interface ServiceClient {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<ServiceResult<unknown>>;
  from(table: string): {
    insert(row: Record<string, unknown>): {
      select(columns: string): { single(): PromiseLike<ServiceResult<unknown>> };
    };
    select(columns: string): { limit(count: number): PromiseLike<ServiceResult<unknown>> };
    delete(): { in(column: string, values: string[]): PromiseLike<ServiceResult<unknown>> };
  };
  storage: {
    from(bucket: string): {
      upload(
        path: string,
        body: Blob,
        options: { contentType: string; upsert: boolean; cacheControl?: string },
      ): PromiseLike<ServiceResult<unknown>>;
      remove(paths: string[]): PromiseLike<ServiceResult<unknown>>;
      createSignedUrl(
        path: string,
        expiresIn: number,
        options: { download: string },
      ): PromiseLike<ServiceResult<unknown>>;
    };
  };
}

export function describeServiceError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message, code } = error as ServiceError;
    return code ? `${String(message)} (${code})` : String(message);
  }
  return String(error);
}
