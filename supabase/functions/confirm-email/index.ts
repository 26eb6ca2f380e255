// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { setUpMailingFunction } from '../_shared/entry/function-setup.ts';
import { createConsentLedger } from '../_shared/consent/link-ledger.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createConfirmEmailHandler } from './handler.ts';

// A mailing function: a confirmation of the early-access list or the waitlist queues the place mail.
const { env, supabase, afterAnswer } = setUpMailingFunction('confirm-email');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConfirmEmailHandler({
      ledger: createConsentLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      siteOrigins: siteOrigins(env.urls),
      afterAnswer,
    }),
  ),
);
