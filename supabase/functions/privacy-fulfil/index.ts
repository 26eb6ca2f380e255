// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { createPrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createResumeRemovalQueue } from '../_shared/privacy/resume-removals.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createResumeStore } from '../_shared/resumes/resume-store.ts';
import { createPrivacyFulfilHandler } from './handler.ts';

const { env, supabase } = setUpFunction('privacy-fulfil');

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
