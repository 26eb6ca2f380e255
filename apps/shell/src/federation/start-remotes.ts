import { findRoute, hydrationOf } from '@agentora/data/routes';
import { fetchRuntimeConfig, type RuntimeConfig } from '@agentora/data/runtime-config';
import { preloadModule, registerSiteRemotes } from './remote-loader';
import { OVERRIDE_PARAM, resolveRemoteOverrides } from './remote-overrides';
import { remotesForBucket, visitorBucket } from './release-bucket';
import { startRemoteHealth } from './remote-health';
import { showOverrideBanner, withoutOverrideParam } from './override-banner';

function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Reads the runtime config and registers the remotes. It runs in the entry chunk, before the async
 * boundary, so it may use only stateless modules, no shared package.
 *
 * A page rendered in the browser needs its module at once: its download starts here, alongside
 * React and the rest of the shell. A prerendered page is already on screen; its module loads when
 * the visitor first uses it (RemotePart), unless its route asks for it at load with this query.
 */
export async function startRemotes(
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  prerendered: boolean,
): Promise<RuntimeConfig> {
  // Default cache mode: the <link rel="preload"> in index.html has already asked for this file.
  const config = await fetchRuntimeConfig('/runtime-config.json');
  // A team's override link (remote-overrides.ts): taken or refused, then gone from the address.
  const storage = localStorageOrNone();
  // A canary's share of visitors gets its release (release-bucket.ts); an override link wins over it.
  const released = { ...config, remotes: remotesForBucket(config, visitorBucket(storage)) };
  const overrides = resolveRemoteOverrides(released, search, storage, window.location.hostname);
  if (new URLSearchParams(search).has(OVERRIDE_PARAM))
    window.history.replaceState(
      window.history.state,
      '',
      withoutOverrideParam(window.location.href),
    );
  registerSiteRemotes(overrides.remotes);
  startRemoteHealth(config.supabase, overrides.remotes);
  showOverrideBanner(overrides, storage);
  // Only the page module: parts further down (the home page's sign-up sections, the footer form)
  // load as the visitor scrolls near them.
  const route = findRoute(pathname);
  if (route && (!prerendered || hydrationOf(route, search) === 'at-load'))
    preloadModule(route.page);
  return { ...config, remotes: overrides.remotes };
}
