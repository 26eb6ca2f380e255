// Deno entry point for Supabase Edge Functions. Everything but the wiring lives in plain modules that the
// local server (tools/local-supabase) runs too. The SDK version is pinned to package-lock.json's, which a
// tools/local-supabase test checks.
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { createPrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { mailTransportFromEnvironment } from '../_shared/mail/transport-from-environment.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createPrivacyRequestHandler } from './handler.ts';

// The edge runtime keeps a worker alive for promises handed to waitUntil after the response is sent.
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };

const env = functionEnvironment('privacy-request', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  createPrivacyRequestHandler({
    ledger: createPrivacyLedger(supabase),
    rateLimiter: createRpcRateLimiter(supabase),
    siteOrigins: siteOrigins(env.urls),
    transport: mailTransportFromEnvironment(env.resendApiKey),
    urls: env.urls,
    from: env.from,
    defer: (task) => EdgeRuntime.waitUntil(task),
  }),
);
