// What every function's entry file (index.ts) starts with, on Deno: its environment, checked, and a
// supabase-js client acting with the project's secret key, or (the console's functions) clients acting
// as each request's caller. The SDK's version comes from
// supabase/functions/deno.json, which a test holds to package-lock.json's.
import { createClient } from '@supabase/supabase-js';
import { afterResponse } from './edge-runtime.ts';
import type { DatabaseFor } from '../console/as-caller.ts';
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
 * For the console's functions, which act as their caller (console/as-caller.ts): a client per request
 * with the project's publishable key as apikey and the caller's own `Authorization`, so the API checks
 * the session (as hosted Supabase's asymmetric signing keys require of a function with
 * verify_jwt = false) and the database decides what the caller may do. A clear error at start-up where
 * the environment has no publishable key.
 */
export function callerDatabases(env: FunctionEnvironment, name: string): DatabaseFor {
  const publishableKey = env.publishableKey;
  if (!publishableKey) {
    throw new Error(
      `${name} needs a publishable key (SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY).`,
    );
  }
  return (authorization) =>
    createClient(env.supabaseUrl, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: authorization } },
    });
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
