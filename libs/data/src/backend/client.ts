import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../runtime-config/runtime-config';

let cached: { url: string; publishableKey: string; client: Promise<SupabaseClient> } | undefined;

/**
 * The one Supabase client, created on first use: supabase-js is fetched by the first submit, not on page
 * load. A new runtime config (another backend) gets a new client; a failed load is retried next time.
 */
export function getSupabaseClient(): Promise<SupabaseClient> {
  const { url, publishableKey } = getRuntimeConfig().supabase;
  if (cached && cached.url === url && cached.publishableKey === publishableKey)
    return cached.client;

  const client = import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(url, publishableKey, {
      // Visitors never sign in; nothing is stored in or read from the browser's storage.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  );
  const entry = { url, publishableKey, client };
  cached = entry;
  client.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return client;
}
