import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ExposeName, ExposedModule, RemoteName } from '@agentora/contracts';
import { REMOTE_LOAD_TIMEOUT_MS, withTimeout } from './timeouts';
import { requestTimeoutPlugin } from './timeout-plugin';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

let manifestUrls: Partial<Record<RemoteName, string>> = {};
// One load per module, shared by an early start (preloadParts) and the component that renders it;
// Retry drops a remote's entries so the next load starts again from the network.
const inFlight = new Map<string, Promise<unknown>>();

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
  for (const key of [...inFlight.keys()]) if (key.startsWith(`${remote}/`)) inFlight.delete(key);
  const entry = manifestUrls[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

/** Loads one exposed module of a remote, bounded in time, and checks it has a default export. */
export function loadExposed<R extends RemoteName, E extends ExposeName<R>>(remote: R, expose: E): Promise<ExposedModule<R, E>> {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  let load = inFlight.get(id) as Promise<ExposedModule<R, E>> | undefined;
  if (!load) {
    load = withTimeout(loadRemote<ExposedModule<R, E>>(id), REMOTE_LOAD_TIMEOUT_MS, `The "${remote}" area`).then((module) => {
      if (!module || module.default == null) throw new RemoteLoadError(`${id} has no default export.`);
      return module;
    });
    inFlight.set(id, load);
  }
  return load;
}

/**
 * Starts loading modules before React asks for them, so the manifest, remoteEntry and chunks of the
 * first page download while the shell renders. A failure is reported by the part's own boundary.
 */
export function preloadParts(parts: ReadonlyArray<{ remote: RemoteName; expose: string }>): void {
  for (const { remote, expose } of parts) {
    loadExposed(remote, expose as ExposeName<typeof remote>).catch(() => undefined);
  }
}
