import { startPreviewSite, type PreviewSite } from '@agentora/preview';
import { testBackend, type TestBackend } from './backend';
import { servedApps } from './owners';
import { portBlock } from './ports';
import { WORKSPACE_ROOT } from './workspace';
import { sharedBackendConfig } from './site';

/** The message every form shows when a rate limit refuses it. */
export const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';

export interface RateLimitedSite {
  backend: TestBackend;
  site: PreviewSite;
  close(): Promise<void>;
}

/**
 * A backend with the production rate limits (public.rate_limit_rules, supabase/schemas/limits.sql) and a
 * site of its own on the port block `base` (the backend on base + 9), since the shared site's backend
 * raises them. The browser is one client address (127.0.0.1); the tests reach others from other loopback
 * addresses.
 */
export async function startRateLimitedSite(base: number): Promise<RateLimitedSite> {
  const backend = await testBackend(base + 9, { rateLimits: 'production' });
  const site = await startPreviewSite({
    workspaceRoot: WORKSPACE_ROOT,
    ports: portBlock(base),
    supabase: backend.publicConfig,
    apps: servedApps(),
    // Its CSP reports go where the run's teardown reads them.
    cspReportTo: sharedBackendConfig().url,
  }).catch(async (error: unknown) => {
    await backend.close();
    throw error;
  });
  return {
    backend,
    site,
    close: async () => {
      await site.close();
      await backend.close();
    },
  };
}
