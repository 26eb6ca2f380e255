// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (handler.ts).
// The console calls it with the publishable key and the staff member's session. The staff check and the
// audit line are the database's, asked as the caller (the session as the bearer, checked by the API, as
// hosted Supabase's asymmetric signing keys require of a function with verify_jwt = false); only the read
// of the object that follows uses the secret key.
import { createClient } from '@supabase/supabase-js';
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { RESUME_BUCKET } from '../_shared/rules/resume-file.ts';
import { createConsoleResumeHandler } from './handler.ts';

const { env, supabase } = setUpFunction('console-resume');
const publishableKey = env.publishableKey;
if (!publishableKey) {
  throw new Error(
    'console-resume needs a publishable key (SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY).',
  );
}

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConsoleResumeHandler({
      databaseFor: (authorization) =>
        createClient(env.supabaseUrl, publishableKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          global: { headers: { Authorization: authorization } },
        }),
      readResume: async (path) => {
        const { data, error } = await supabase.storage.from(RESUME_BUCKET).download(path);
        if (error || !data) throw error ?? new Error('storage answered no file');
        return data;
      },
    }),
  ),
);
