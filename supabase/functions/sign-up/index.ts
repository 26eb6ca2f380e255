// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { botCheckFromEnvironment } from '../_shared/bot-check/from-environment.ts';
import { setUpMailingFunction } from '../_shared/entry/function-setup.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { createRpcLedger } from '../_shared/thank-you/ledger.ts';
import { createSignUpHandler } from './handler.ts';
import { createSignupStore } from './signup-store.ts';

const { env, supabase, linkSecret, afterAnswer } = setUpMailingFunction('sign-up');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createSignUpHandler({
      signups: createSignupStore(supabase),
      ledger: createRpcLedger(supabase),
      verifyBotCheck: botCheckFromEnvironment(env, 'sign-up'),
      linkSecret,
      afterAnswer,
    }),
  ),
);
