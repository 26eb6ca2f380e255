import type { PreviewSite } from '@agentora/preview';
import { testBackend, type TestBackend } from './backend';
import { inFlight } from './in-flight';
import { portBlock } from './ports';
import { startSiteBeside } from './site-beside';

export interface OwnSite {
  backend: TestBackend;
  site: PreviewSite;
  close(): Promise<void>;
}

/**
 * How long a spec's beforeAll may take to start its own backend and site. A beforeAll gets the
 * project's 45 s unless it sets its own, and `npm test` runs two e2e workers beside three other Nx
 * tasks on two cores: one such start once took over 120 s there.
 */
export const OWN_SITE_START_MS = 240_000;

/**
 * A site of a spec's own on the port block `base`, with a backend of its own on base + 9 set up as the
 * spec needs it (production rate limits, another bot check secret…), since the shared backend is set
 * up for every spec. Only its shell is its own (its runtime config names this backend): the remotes
 * are the shared site's hosts, and the client renders its pages (these specs test forms and their
 * backend, not prerendered HTML). Its CSP reports go to the shared backend, where the run's teardown
 * reads them.
 */
export async function startOwnSite(
  base: number,
  backendOptions: Parameters<typeof testBackend>[1] = {},
): Promise<OwnSite> {
  const backend = await inFlight(`starting a backend on :${base + 9}`, () =>
    testBackend(base + 9, backendOptions),
  );
  const site = await startSiteBeside({
    ports: portBlock(base),
    supabase: backend.publicConfig,
    prerender: false,
  }).catch(async (error: unknown) => {
    await backend.close();
    throw error;
  });
  return {
    backend,
    site,
    close: async () => {
      await site.close();
      await inFlight(`closing the backend on :${base + 9}`, () => backend.close());
    },
  };
}
