// Deno entry point for Supabase Edge Functions. Everything but the wiring lives in plain modules that the
// local server (tools/local-supabase) runs too. The SDK version is pinned to package-lock.json's, which a
// tools/local-supabase test checks.
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { createConsentLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createConfirmEmailHandler } from './handler.ts';

const env = functionEnvironment('confirm-email', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  createConfirmEmailHandler({
    ledger: createConsentLedger(supabase),
    rateLimiter: createRpcRateLimiter(supabase),
    siteOrigins: siteOrigins(env.urls),
  }),
);
