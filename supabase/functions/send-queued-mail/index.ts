// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. pg_cron calls it on hosted Supabase (docs/deploying-the-backend.md), the local server's timer
// locally; only the project's secret key may.
import { createClient } from '@supabase/supabase-js';
import { afterResponse } from '../_shared/edge-runtime.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { requireSecretKey } from '../_shared/http/api-key.ts';
import { mailWorkerFromEnvironment } from '../_shared/mail-queue/worker-from-environment.ts';
import { createSendQueuedMailHandler } from './handler.ts';

const NAME = 'send-queued-mail';
const env = functionEnvironment(NAME, (name) => Deno.env.get(name));
const supabase = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  requireSecretKey(
    env.secretKeys,
    createSendQueuedMailHandler({
      worker: mailWorkerFromEnvironment(env, supabase, NAME),
      inBackground: afterResponse,
    }),
  ),
);
