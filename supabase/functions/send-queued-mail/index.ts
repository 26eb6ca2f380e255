// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
// pg_cron calls it on hosted Supabase (docs/deploying-the-backend.md), the local server's timer
// locally; only the project's secret key may.
import { afterResponse } from '../_shared/entry/edge-runtime.ts';
import { setUpMailingFunction } from '../_shared/entry/function-setup.ts';
import { requireSecretKey } from '../_shared/http/api-key.ts';
import { createSendQueuedMailHandler } from './handler.ts';

const { env, worker } = setUpMailingFunction('send-queued-mail');

Deno.serve(
  requireSecretKey(
    env.secretKeys,
    createSendQueuedMailHandler({
      worker,
      inBackground: afterResponse,
    }),
  ),
);
