import { startPreviewSite, type PreviewSite } from '@agentora/preview';
import { testBackend, type TestBackend } from './backend';
import { servedApps } from './owners';
import { portBlock } from './ports';
import { WORKSPACE_ROOT } from './workspace';
import { sharedBackendConfig } from './site';

export interface OwnSite {
  backend: TestBackend;
  site: PreviewSite;
  close(): Promise<void>;
}

/**
 * A site of a spec's own on the port block `base`, with a backend of its own on base + 9 set up as the
 * spec needs it (production rate limits, another bot check secret…), since the shared backend is set
 * up for every spec. Its CSP reports go to the shared backend, where the run's teardown reads them.
 */
export async function startOwnSite(
  base: number,
  backendOptions: Parameters<typeof testBackend>[1] = {},
): Promise<OwnSite> {
  const backend = await testBackend(base + 9, backendOptions);
  const site = await startPreviewSite({
    workspaceRoot: WORKSPACE_ROOT,
    ports: portBlock(base),
    supabase: backend.publicConfig,
    apps: servedApps(),
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
