// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules; the SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's. The only function that asks
// for no API key: mail providers POST to it without one (RFC 8058); the token is the credential.
import { createClient } from '@supabase/supabase-js';
import { createConsentLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createUnsubscribeHandler } from './handler.ts';

const env = functionEnvironment('unsubscribe', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.secretKey, {
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
