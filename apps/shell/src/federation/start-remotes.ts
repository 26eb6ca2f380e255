import { findRoute } from '@agentora/data/routes';
import { fetchRuntimeConfig, type RuntimeConfig } from '@agentora/data/runtime-config';
import { preloadModule, registerSiteRemotes } from './remote-loader';

/**
 * Reads the runtime config, registers the remotes and starts fetching the first page's module. It
 * runs in the entry chunk, before the async boundary, so it may use only the federation runtime and
 * stateless modules, no shared package: that way the remote's manifest, remoteEntry and chunks
 * download alongside React and the rest of the shell instead of after them.
 */
export async function startRemotes(pathname: string): Promise<RuntimeConfig> {
  // Default cache mode: the <link rel="preload"> in index.html has already asked for this file.
  const config = await fetchRuntimeConfig('/runtime-config.json');
  registerSiteRemotes(config.remotes);
  // Only the page module: parts further down (the home page's sign-up sections, the footer form)
  // load as the visitor scrolls near them.
  const route = findRoute(pathname);
  if (route) preloadModule(route.page);
  return config;
}
