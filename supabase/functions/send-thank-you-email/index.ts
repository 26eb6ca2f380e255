// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules; the SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's.
import { createClient } from '@supabase/supabase-js';
import { afterResponse } from '../_shared/edge-runtime.ts';
import { functionEnvironment, mailLinkSecretOf } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import {
  mailWorkerFromEnvironment,
  sendSoon,
} from '../_shared/mail-queue/worker-from-environment.ts';
import { createRpcRateLimiter } from '../_shared/rate-limit.ts';
import { createRpcLedger } from '../_shared/thank-you/ledger.ts';
import { createThankYouEmailHandler } from './handler.ts';

const NAME = 'send-thank-you-email';
const env = functionEnvironment(NAME, (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const worker = mailWorkerFromEnvironment(env, supabase, NAME);

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createThankYouEmailHandler({
      ledger: createRpcLedger(supabase),
      rateLimiter: createRpcRateLimiter(supabase),
      linkSecret: mailLinkSecretOf(env, NAME),
      afterAnswer: () => afterResponse(() => sendSoon(worker)),
    }),
  ),
);
