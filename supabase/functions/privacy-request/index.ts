// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules; the SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's.
import { createClient } from '@supabase/supabase-js';
import { createPrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { mailTransportFromEnvironment } from '../_shared/mail/transport-from-environment.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createPrivacyRequestHandler } from './handler.ts';

// The edge runtime keeps a worker alive for promises handed to waitUntil after the response is sent.
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };

const env = functionEnvironment('privacy-request', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createPrivacyRequestHandler({
      ledger: createPrivacyLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      siteOrigins: siteOrigins(env.urls),
      transport: mailTransportFromEnvironment(env.resend),
      urls: env.urls,
      from: env.from,
      defer: (task) => EdgeRuntime.waitUntil(task),
    }),
  ),
);
