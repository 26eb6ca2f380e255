// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { setUpMailingFunction } from '../_shared/entry/function-setup.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createRpcLedger } from '../_shared/thank-you/ledger.ts';
import { createThankYouEmailHandler } from './handler.ts';

const { env, supabase, linkSecret, afterAnswer } = setUpMailingFunction('send-thank-you-email');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createThankYouEmailHandler({
      ledger: createRpcLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      linkSecret,
      afterAnswer,
    }),
  ),
);
