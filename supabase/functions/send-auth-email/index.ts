// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
// Supabase Auth calls it as the Send Email Hook (docs/deploying-the-backend.md, "The sign-in mail"). Auth
// sends no API key: the Standard Webhooks signature made with SEND_EMAIL_HOOK_SECRET is the credential.
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { createRpcMailQueueStore } from '../_shared/mail-queue/queue-store.ts';
import { mailTransportFromEnvironment } from '../_shared/mail/transport-from-environment.ts';
import { createSendAuthEmailHandler } from './handler.ts';
import { webhookKeys } from './standard-webhooks.ts';

const { env, supabase } = setUpFunction('send-auth-email');
const keys = webhookKeys(
  Deno.env.get('SEND_EMAIL_HOOK_SECRET'),
  'send-auth-email',
  'SEND_EMAIL_HOOK_SECRET',
);
const store = createRpcMailQueueStore(supabase);

Deno.serve(
  createSendAuthEmailHandler({
    keys,
    transport: mailTransportFromEnvironment(env.resend, { timeoutMs: 3_000 }),
    takeSendSlot: (intervalMs, maxWaitMs) => store.takeSendSlot(intervalMs, maxWaitMs),
    sendsPerSecond: env.mail.sendsPerSecond,
    from: env.from,
    siteUrl: env.urls.siteUrl,
  }),
);
