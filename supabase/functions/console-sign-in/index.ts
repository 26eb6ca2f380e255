// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
// The console calls it with the publishable key to sign staff in (docs/security.md, "The console").
import { afterResponse } from '../_shared/entry/edge-runtime.ts';
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { mailLinkSecretOf } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRpcMailQueueStore } from '../_shared/mail-queue/queue-store.ts';
import { mailTransportFromEnvironment } from '../_shared/mail/transport-from-environment.ts';
import { codeMacKey, createConsoleSignInHandler } from './handler.ts';
import { authSignInToken, createRpcSignInCodeStore } from './store.ts';

const { env, supabase } = setUpFunction('console-sign-in');
const codeMac = await codeMacKey(mailLinkSecretOf(env, 'console-sign-in'));
const queue = createRpcMailQueueStore(supabase);

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConsoleSignInHandler({
      store: createRpcSignInCodeStore(supabase),
      signInToken: authSignInToken(supabase),
      codeMac,
      transport: mailTransportFromEnvironment(env.resend),
      takeSendSlot: (intervalMs, maxWaitMs) => queue.takeSendSlot(intervalMs, maxWaitMs),
      sendsPerSecond: env.mail.sendsPerSecond,
      afterAnswer: (task) => afterResponse(task),
      siteOrigins: siteOrigins(env.urls),
      siteUrl: env.urls.siteUrl,
      from: env.from,
    }),
  ),
);
