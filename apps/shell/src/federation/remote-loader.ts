import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ExposeName, ExposedModule, RemoteName } from '@agentora/contracts';
import { REMOTE_LOAD_TIMEOUT_MS, withTimeout } from './timeouts';
import { requestTimeoutPlugin } from './timeout-plugin';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

let manifestUrls: Partial<Record<RemoteName, string>> = {};

/** Points each remote at its manifest URL, from the runtime config fetched at start-up. */
export function registerSiteRemotes(remotes: Record<RemoteName, string>): void {
  manifestUrls = { ...remotes };
  registerPlugins([requestTimeoutPlugin()]);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/**
 * Forgets a remote's failed or cached load (manifest, entry, module cache) so the next load starts
 * from the network again. Used by Retry.
 */
export function resetRemote(remote: RemoteName): void {
  const entry = manifestUrls[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

/** Loads one exposed module of a remote, bounded in time, and checks it has a default export. */
export async function loadExposed<R extends RemoteName, E extends ExposeName<R>>(remote: R, expose: E): Promise<ExposedModule<R, E>> {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  const module = await withTimeout(loadRemote<ExposedModule<R, E>>(id), REMOTE_LOAD_TIMEOUT_MS, `The "${remote}" area`);
  if (!module || module.default == null) throw new RemoteLoadError(`${id} has no default export.`);
  return module;
}
