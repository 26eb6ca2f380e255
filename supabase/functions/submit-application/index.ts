// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { botCheckFromEnvironment } from '../_shared/bot-check/from-environment.ts';
import { setUpMailingFunction } from '../_shared/entry/function-setup.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createResumeStore } from '../_shared/resumes/resume-store.ts';
import { createRpcLedger } from '../_shared/thank-you/ledger.ts';
import { createApplicationStore } from './application-store.ts';
import { createSubmitApplicationHandler } from './handler.ts';

const { env, supabase, linkSecret, afterAnswer } = setUpMailingFunction('submit-application');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createSubmitApplicationHandler({
      applications: createApplicationStore(supabase),
      resumes: createResumeStore(supabase),
      ledger: createRpcLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      verifyBotCheck: botCheckFromEnvironment(env, 'submit-application'),
      linkSecret,
      afterAnswer,
    }),
  ),
);
