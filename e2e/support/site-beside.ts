import { REMOTE_NAMES, type RemoteName, type RuntimeConfigJson } from '@agentora/contracts/apps';
import type { PreviewSite, PreviewSiteOptions } from '@agentora/preview';
import { startPreviewSite } from './preview-site';
import { sharedBackendConfig, sharedSiteUrl } from './site';
import { WORKSPACE_ROOT } from './workspace';

/** The remotes' manifest URLs the shared site's runtime config names: its hosts. */
export async function sharedRemoteUrls(): Promise<Record<RemoteName, string>> {
  const response = await fetch(`${sharedSiteUrl()}/runtime-config.json`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The shared site's runtime config: HTTP ${response.status}`);
  return ((await response.json()) as RuntimeConfigJson).remotes;
}

export interface SiteBesideOptions extends Omit<
  PreviewSiteOptions,
  'workspaceRoot' | 'apps' | 'supabase' | 'prerender' | 'prerenderRemotes' | 'cspReportTo'
> {
  /**
   * The remotes this site hosts itself (another build, a host folder of the test's); the others
   * are loaded from the shared site's hosts, unless `remoteUrls` names another.
   */
  serves?: readonly RemoteName[];
  /** Its backend (default: the shared one). */
  supabase?: PreviewSiteOptions['supabase'];
  /**
   * The remotes whose pages are prerendered, for a test of prerendered pages; false: the client
   * renders every page.
   */
  prerender: false | { remotes: readonly RemoteName[] };
}

/**
 * A site of a spec's own, beside the shared one: a shell of its own (its own runtime config, and so
 * its own remotes, backend, override origins or releases) and hosts for only the remotes it changes;
 * the others are the shared site's hosts, which serve the same builds. Starting it costs one host
 * per app it serves, and a prerender only where the spec tests prerendered pages. Its CSP reports
 * go to the shared backend, where the run's teardown reads them.
 */
export async function startSiteBeside({
  serves = [],
  supabase = sharedBackendConfig(),
  prerender,
  remoteUrls,
  ...options
}: SiteBesideOptions): Promise<PreviewSite> {
  const shared = await sharedRemoteUrls();
  return startPreviewSite({
    ...options,
    workspaceRoot: WORKSPACE_ROOT,
    apps: ['shell', ...serves],
    supabase,
    remoteUrls: {
      ...Object.fromEntries(
        REMOTE_NAMES.filter((remote) => !serves.includes(remote)).map((remote) => [
          remote,
          shared[remote],
        ]),
      ),
      ...remoteUrls,
    },
    prerender: prerender !== false,
    prerenderRemotes: prerender === false ? undefined : prerender.remotes,
    cspReportTo: sharedBackendConfig().url,
  });
}
