import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  raiseRateLimits,
  startLocalSupabase,
  type AuthOptions,
  type LocalSupabase,
} from '../index.ts';
import { freshPostgresDatabase } from './postgres-databases.ts';

export interface TestServer {
  server: LocalSupabase;
  /** What the browser has: the publishable key (the anon role). */
  anon: SupabaseClient;
  /** What the edge functions and operators have: the secret key (the service_role role). */
  service: SupabaseClient;
  stop(): Promise<void>;
}

/** A supabase-js client with the key; `fetch` to connect from another local address. */
export function clientFor(
  url: string,
  key: string,
  fetch?: typeof globalThis.fetch,
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetch ? { global: { fetch } } : {}),
  });
}

const RAISED_AUTH_LIMITS = {
  emailSent: 1_000_000,
  signInSignUps: 1_000_000,
  tokenVerifications: 1_000_000,
  tokenRefresh: 1_000_000,
};

/**
 * A real server on a free port with an in-memory database and a throwaway data dir. With
 * LOCAL_SUPABASE_TEST_POSTGRES_URL set (a superuser URL), the same tests run on a fresh database there.
 */
export async function startTestServer(
  options: {
    /** 'production' keeps the migrations' and Auth's rate limits; by default they are raised, since
     * every test request comes from 127.0.0.1 (Auth's one-code-a-minute per address stays). */
    rateLimits?: 'raised' | 'production';
    /** Supabase Auth's test settings (its hook's target, limits, clock). */
    auth?: AuthOptions;
    /** Where the functions mail (a fake provider's URL); default this server's outbox. */
    resend?: { apiKey: string; apiUrl: string };
    /** The provider's rate the mail queue keeps; default 100 a second, so tests do not wait on it. */
    mailSendsPerSecond?: number;
    /** The bot check's secret and siteverify (default: the always-passing testing secret, the stand-in). */
    turnstile?: { secret?: string; siteverifyUrl?: string };
    /** Migrations instead of the project's (a test's own tables on top of them). */
    migrationsDir?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-test-'));
  const postgres = await freshPostgresDatabase();
  const server = await startLocalSupabase({
    port: 0,
    dataDir,
    inMemory: true,
    databaseUrl: postgres?.url,
    migrationsDir: options.migrationsDir,
    resendApiKey: options.resend?.apiKey,
    resendApiUrl: options.resend?.apiUrl,
    mailSendsPerSecond: options.mailSendsPerSecond ?? 100,
    turnstileSecret: options.turnstile?.secret,
    turnstileSiteverifyUrl: options.turnstile?.siteverifyUrl,
    auth: {
      ...options.auth,
      rateLimits: {
        ...(options.rateLimits === 'production' ? {} : RAISED_AUTH_LIMITS),
        ...options.auth?.rateLimits,
      },
    },
  });
  if (options.rateLimits !== 'production') await raiseRateLimits(server.url, server.serviceKey);
  return {
    server,
    anon: clientFor(server.url, server.publishableKey),
    service: clientFor(server.url, server.secretKey),
    async stop() {
      await server.stop();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A fresh address per call, so tests sharing a server never collide. */
export function uniqueEmail(label = 'visitor'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Headers supabase-js sends, for the few checks made with plain fetch. */
export function apiHeaders(
  key: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    apikey: key,
    Authorization: `Bearer ${key}`,
    'Content-Type': 'application/json',
    ...extra,
  };
}
