import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import { TEST_BACKEND_ENV } from './test-backend-env';

// One real local Supabase for the whole libs/data run, started in Jest's parent process (PGlite needs
// plain Node, not the jsdom test environment). Test files reach it through these environment variables.
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agentora-data-tests-'));
  const server = await startLocalSupabase({ port: 0, dataDir, inMemory: true });
  process.env[TEST_BACKEND_ENV.url] = server.url;
  process.env[TEST_BACKEND_ENV.anonKey] = server.anonKey;
  process.env[TEST_BACKEND_ENV.serviceKey] = server.serviceKey;
  (globalThis as { __agentoraTestBackend?: LocalSupabase }).__agentoraTestBackend = server;
}
