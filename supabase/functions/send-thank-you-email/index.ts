// Deno entry point for Supabase Edge Functions. Everything but the wiring lives in plain modules that the
// local server (tools/local-supabase) runs too. The SDK version is pinned to package-lock.json's, which a
// tools/local-supabase test checks.
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { functionEnvironment } from '../_shared/environment.ts';
import { mailTransportFromEnvironment } from '../_shared/mail/transport-from-environment.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createRpcLedger } from '../_shared/thank-you/ledger.ts';
import { createThankYouEmailHandler } from './handler.ts';

const env = functionEnvironment('send-thank-you-email', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  createThankYouEmailHandler({
    ledger: createRpcLedger(supabase),
    rateLimiter: createRpcRateLimiter(supabase),
    transport: mailTransportFromEnvironment(env.resendApiKey),
    urls: env.urls,
    from: env.from,
  }),
);
