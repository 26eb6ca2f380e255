// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules; the SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's.
import { createClient } from '@supabase/supabase-js';
import { createPrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createResumeRemovalQueue } from '../_shared/privacy/resume-removals.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createResumeStore } from '../_shared/resumes/resume-store.ts';
import { createPrivacyFulfilHandler } from './handler.ts';

const env = functionEnvironment('privacy-fulfil', (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createPrivacyFulfilHandler({
      ledger: createPrivacyLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      siteOrigins: siteOrigins(env.urls),
      resumes: createResumeStore(supabase),
      removals: createResumeRemovalQueue(supabase),
    }),
  ),
);
