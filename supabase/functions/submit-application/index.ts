// Deno entry point for Supabase Edge Functions. Everything but the wiring lives in plain modules that the
// local server (tools/local-supabase) runs too. The SDK version is pinned to package-lock.json's, which a
// tools/local-supabase test checks.
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { mailTransportFromEnvironment } from '../_shared/mail/transport-from-environment.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createRpcLedger } from '../_shared/thank-you/ledger.ts';
import { createApplicationStore } from './application-store.ts';
import { createSubmitApplicationHandler } from './handler.ts';
import { createResumeStore } from './resume-store.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!supabaseUrl || !serviceRoleKey) {
  throw new Error('submit-application needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.');
}

const supabase = createClient(supabaseUrl, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  createSubmitApplicationHandler({
    applications: createApplicationStore(supabase),
    resumes: createResumeStore(supabase),
    ledger: createRpcLedger(supabase),
    rateLimiter: createRpcRateLimiter(supabase),
    transport: mailTransportFromEnvironment(Deno.env.get('RESEND_API_KEY')),
    from: Deno.env.get('EMAIL_FROM') ?? undefined,
  }),
);
