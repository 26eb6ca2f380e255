// Deno entry point for Supabase Edge Functions. Everything but the wiring lives in plain modules that the
// local server (tools/local-supabase) runs too. The SDK version is pinned to package-lock.json's, which a
// tools/local-supabase test checks. supabase/config.toml declares verify_jwt = false for this function:
// mail providers POST to it without a key (RFC 8058).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { createConsentLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createUnsubscribeHandler } from './handler.ts';

const env = functionEnvironment('unsubscribe', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  createUnsubscribeHandler({
    ledger: createConsentLedger(supabase),
    rateLimiter: createRpcRateLimiter(supabase),
    siteOrigins: siteOrigins(env.urls),
    urls: env.urls,
  }),
);
