// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { setUpMailingFunction } from '../_shared/entry/function-setup.ts';
import { createPrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createPrivacyRequestHandler } from './handler.ts';

const { env, supabase, linkSecret, afterAnswer } = setUpMailingFunction('privacy-request');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createPrivacyRequestHandler({
      ledger: createPrivacyLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      siteOrigins: siteOrigins(env.urls),
      linkSecret,
      afterAnswer,
    }),
  ),
);
