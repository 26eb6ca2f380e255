import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { raiseRateLimits, startLocalSupabase } from '@agentora/local-supabase';

/** The shared backend the global setup started: its URL, and its service key for the checks. */
export interface BackendSettings {
  url: string;
  serviceKey: string;
}

export function sharedBackendSettings(): BackendSettings {
  const url = process.env.E2E_SUPABASE_URL;
  const serviceKey = process.env.E2E_SUPABASE_SERVICE_KEY;
  if (!url || !serviceKey) throw new Error('The global setup did not start the backend.');
  return { url, serviceKey };
}

export const SHARED_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54391);

export interface TestBackend {
  url: string;
  publicConfig: { url: string; publishableKey: string };
  serviceKey: string;
  close(): Promise<void>;
}

/**
 * A real local Supabase-compatible server (PGlite, the repo's migrations) on a fresh data dir. The whole
 * suite's browser traffic comes from 127.0.0.1, so the rate limits are raised unless a test asks for the
 * production ones. Its database is in memory: no spec restarts a backend, and PGlite on disk turns each
 * page it writes into Node file calls (about a core-second more per backend and its sign-ups, and the
 * cluster's files to delete at close). The data dir still holds the lock and the outbox.
 */
export async function testBackend(
  port = SHARED_BACKEND_PORT,
  options: {
    rateLimits?: 'raised' | 'production';
    /** The site the mail links open (the site the test serves); the local one of npm start by default. */
    siteUrl?: string;
    /** Run the retention job on a timer with this clock. */
    retention?: { intervalMs: number; now?: () => Date };
    /**
     * The bot check's secret for the functions (TURNSTILE_SECRET_KEY): Cloudflare's always-passing
     * testing secret by default; another of its testing secrets makes every token fail or look spent.
     */
    turnstileSecret?: string;
  } = {},
): Promise<TestBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-e2e-db-'));
  const server = await startLocalSupabase({
    port,
    dataDir,
    inMemory: true,
    siteUrl: options.siteUrl,
    retention: options.retention,
    turnstileSecret: options.turnstileSecret,
  });
  if (options.rateLimits !== 'production') await raiseRateLimits(server.url, server.serviceKey);
  return {
    url: server.url,
    publicConfig: { url: server.url, publishableKey: server.publishableKey },
    serviceKey: server.serviceKey,
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
