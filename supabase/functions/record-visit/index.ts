// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { siteOrigins } from '../_shared/http/site-origin.ts';
import { createRecordVisitHandler } from './handler.ts';
import { createRpcVisitStore } from './visit-store.ts';

const { env, supabase } = setUpFunction('record-visit');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createRecordVisitHandler({
      visits: createRpcVisitStore(supabase),
      siteOrigins: siteOrigins(env.urls),
    }),
  ),
);
