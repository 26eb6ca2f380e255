// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules.
// Resend posts its delivery and contact events here (docs/deploying-the-backend.md, "Resend's delivery events").
// Resend sends no API key (no requireApiKey): the Svix signature made with RESEND_WEBHOOK_SECRET is the
// credential, and without the secret the function refuses to start, saying so.
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { webhookKeys } from '../_shared/webhooks/standard-webhooks.ts';
import { createRpcContactEventStore } from './contact-events.ts';
import { createRpcDeliveryEventStore } from './delivery-events.ts';
import { createResendWebhookHandler } from './handler.ts';

const keys = webhookKeys(
  Deno.env.get('RESEND_WEBHOOK_SECRET'),
  'resend-webhook',
  'RESEND_WEBHOOK_SECRET',
);
const { supabase } = setUpFunction('resend-webhook');

Deno.serve(
  createResendWebhookHandler({
    keys,
    events: createRpcDeliveryEventStore(supabase),
    contacts: createRpcContactEventStore(supabase),
  }),
);
