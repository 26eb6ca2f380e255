import { rm } from 'node:fs/promises';
import type { LocalSupabase } from '@agentora/local-supabase';

export default async function globalTeardown(): Promise<void> {
  const servers = (globalThis as { __agentoraTestBackends?: LocalSupabase[] })
    .__agentoraTestBackends;
  for (const server of servers ?? []) {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
}
