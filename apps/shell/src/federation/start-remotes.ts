import { fetchRuntimeConfig, type RuntimeConfig } from '@agentora/data/runtime-config';
import { partsForPath } from '../routes/route-parts';
import { preloadParts, registerSiteRemotes } from './remote-loader';

/**
 * Reads the runtime config, registers the remotes and starts fetching the first page's remote
 * modules. It runs in the entry chunk, before the async boundary, so it may use only the federation
 * runtime and stateless modules, no shared package: that way the remote's manifest, remoteEntry and
 * chunks download alongside React and the rest of the shell instead of after them.
 */
export async function startRemotes(pathname: string): Promise<RuntimeConfig> {
  // Default cache mode: the <link rel="preload"> in index.html has already asked for this file.
  const config = await fetchRuntimeConfig('/runtime-config.json');
  registerSiteRemotes(config.remotes);
  preloadParts(partsForPath(pathname));
  return config;
}
