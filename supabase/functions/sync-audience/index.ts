// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
// pg_cron calls it on hosted Supabase (docs/deploying-the-backend.md), the local server's timer
// locally; only the project's secret key may.
import { audienceWorkerFromEnvironment } from '../_shared/audience/worker-from-environment.ts';
import { afterResponse } from '../_shared/entry/edge-runtime.ts';
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { requireSecretKey } from '../_shared/http/api-key.ts';
import { createSyncAudienceHandler } from './handler.ts';

const { env, supabase } = setUpFunction('sync-audience');

Deno.serve(
  requireSecretKey(
    env.secretKeys,
    createSyncAudienceHandler({
      worker: audienceWorkerFromEnvironment(env, supabase),
      inBackground: afterResponse,
    }),
  ),
);
