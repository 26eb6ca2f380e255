import { rm } from 'node:fs/promises';
import type { LocalSupabase } from '@agentora/local-supabase';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __agentoraTestBackend?: LocalSupabase }).__agentoraTestBackend;
  if (!server) return;
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
}
