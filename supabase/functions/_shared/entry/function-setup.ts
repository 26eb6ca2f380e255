// What every function's entry file (index.ts) starts with, on Deno: its environment, checked, and a
// supabase-js client acting with the project's secret key. The SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's.
import { createClient } from '@supabase/supabase-js';
import { afterResponse } from './edge-runtime.ts';
import { functionEnvironment, type FunctionEnvironment } from '../environment.ts';
import type { MailWorker } from '../mail-queue/drain.ts';
import { mailWorkerFromEnvironment, sendSoon } from '../mail-queue/worker-from-environment.ts';

export function setUpFunction(name: string) {
  const env: FunctionEnvironment = functionEnvironment(name, (variable) => Deno.env.get(variable));
  const supabase = createClient(env.supabaseUrl, env.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return { env, supabase };
}

/**
 * For the functions that queue mail: also MAIL_LINK_SECRET (or a clear error at start-up), the queue's
 * worker, and what to do after answering (send for a moment, as the provider's pace allows).
 */
export function setUpMailingFunction(name: string) {
  const { env, supabase } = setUpFunction(name);
  const worker: MailWorker = mailWorkerFromEnvironment(env, supabase, name);
  return {
    env,
    supabase,
    worker,
    linkSecret: worker.rendering.linkSecret,
    afterAnswer: () => afterResponse(() => sendSoon(worker)),
  };
}
