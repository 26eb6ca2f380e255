import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { raiseRateLimits, startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import { TEST_BACKEND_ENV } from './test-backend-env';

async function startServer(
  options: { turnstileSiteverifyUrl?: string } = {},
): Promise<LocalSupabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agentora-data-tests-'));
  // The provider's pace is not under test here: the queue may send as fast as the tests ask. The bot
  // check is the local server's stand-in with the always-passing testing secret, unless said.
  return startLocalSupabase({
    port: 0,
    dataDir,
    inMemory: true,
    mailSendsPerSecond: 100,
    ...options,
  });
}

// Real local Supabase servers for the whole run of these tests, started in Jest's parent process (PGlite
// needs plain Node, not the jsdom test environment). Test files reach them through these environment
// variables. Every request comes from 127.0.0.1, so the main server's rate limits are raised; the second
// one keeps the production limits for the tests of the limits themselves; the third's functions find
// siteverify down (nothing listens on port 9 of loopback, the discard port), as when Cloudflare cannot
// answer.
export default async function globalSetup(): Promise<void> {
  const [server, limited, unverified] = await Promise.all([
    startServer(),
    startServer(),
    startServer({ turnstileSiteverifyUrl: 'http://127.0.0.1:9/turnstile/v0/siteverify' }),
  ]);
  await raiseRateLimits(server.url, server.serviceKey);
  process.env[TEST_BACKEND_ENV.url] = server.url;
  process.env[TEST_BACKEND_ENV.publishableKey] = server.publishableKey;
  process.env[TEST_BACKEND_ENV.serviceKey] = server.serviceKey;
  process.env[TEST_BACKEND_ENV.limitedUrl] = limited.url;
  process.env[TEST_BACKEND_ENV.unverifiedUrl] = unverified.url;
  (globalThis as { __agentoraTestBackends?: LocalSupabase[] }).__agentoraTestBackends = [
    server,
    limited,
    unverified,
  ];
}
