// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules; the SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's.
import { createClient } from '@supabase/supabase-js';
import { createConsentLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createConfirmEmailHandler } from './handler.ts';

const env = functionEnvironment('confirm-email', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConfirmEmailHandler({
      ledger: createConsentLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      siteOrigins: siteOrigins(env.urls),
    }),
  ),
);
