// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (handler.ts).
// The console calls it with the publishable key and the staff member's session. It never acts with the
// secret key: each request's RPCs run as the caller (the session as the bearer, checked by the API, as
// hosted Supabase's asymmetric signing keys require of a function with verify_jwt = false), so row-level
// security and the RPCs' staff check decide what comes out.
import { createClient } from '@supabase/supabase-js';
import { functionEnvironment } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { createConsoleExportHandler } from './handler.ts';

const env = functionEnvironment('console-export', (variable) => Deno.env.get(variable));
const publishableKey = env.publishableKey;
if (!publishableKey) {
  throw new Error(
    'console-export needs a publishable key (SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY).',
  );
}

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConsoleExportHandler({
      databaseFor: (authorization) =>
        createClient(env.supabaseUrl, publishableKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          global: { headers: { Authorization: authorization } },
        }),
    }),
  ),
);
