// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules.
// Supabase Auth calls it as the Send Email Hook (docs/deploying-the-backend.md, "The sign-in mail"). Auth
// sends no API key: the Standard Webhooks signature made with SEND_EMAIL_HOOK_SECRET is the credential.
// It mails nothing (handler.ts says why), so it needs no database and no mail provider.
import { createSendAuthEmailHandler } from './handler.ts';
import { webhookKeys } from '../_shared/webhooks/standard-webhooks.ts';

const keys = webhookKeys(
  Deno.env.get('SEND_EMAIL_HOOK_SECRET'),
  'send-auth-email',
  'SEND_EMAIL_HOOK_SECRET',
);

Deno.serve(createSendAuthEmailHandler({ keys }));
