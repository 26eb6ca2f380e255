import type { ExposeName, ExposedModule, ExposedModuleRef, RemoteName } from '@agentora/contracts';
import { REMOTE_LOAD_TIMEOUT_MS, withTimeout } from './timeouts';
import { requestTimeoutPlugin } from './timeout-plugin';
import { partVersionPlugin } from './part-versions';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

let manifestUrls: Partial<Record<RemoteName, string>> = {};

// The federation runtime, started on the first load of a remote module (federation-host.ts).
let federation: Promise<typeof import('./federation-host')> | undefined;

function federationHost(): Promise<typeof import('./federation-host')> {
  federation ??= import('./federation-host').then((host) => {
    host.startFederation(manifestUrls, [requestTimeoutPlugin(), partVersionPlugin()]);
    return host;
  });
  return federation;
}

// The one cache of remote modules: one load per module, shared by the early start (preloadModule)
// and every component that renders it, so a page the visitor comes back to renders at once. Retry
// (resetRemote) drops a remote's entries, and the next load starts again from the network.
const modules = new Map<string, Promise<unknown>>();

/** 'content/HomePage': the runtime's id of an exposed module. */
export const moduleId = (remote: RemoteName, expose: string) =>
  `${remote}/${expose.replace(/^\.\//, '')}`;

/** Points each remote at its manifest URL, from the runtime config; nothing loads yet. */
export function registerSiteRemotes(remotes: Record<RemoteName, string>): void {
  manifestUrls = { ...remotes };
}

/**
 * Forgets a remote's loads, failed or not (our cache, and the runtime's manifest, entry and module
 * cache), so the next load starts from the network again. Used by Retry.
 */
export function resetRemote(remote: RemoteName): void {
  for (const id of [...modules.keys()]) if (id.startsWith(`${remote}/`)) modules.delete(id);
  const entry = manifestUrls[remote];
  if (entry && federation)
    void federation.then((host) =>
      host.registerRemotes([{ name: remote, entry }], { force: true }),
    );
}

/**
 * Loads one exposed module of a remote (starting the federation runtime the first time), bounded in
 * time, and checks it has a default export. The same promise comes back for the same module until
 * resetRemote, so React may call this while rendering (`use`).
 */
export function loadExposed<R extends RemoteName, E extends ExposeName<R>>(
  remote: R,
  expose: E,
): Promise<ExposedModule<R, E>> {
  const id = moduleId(remote, expose);
  let load = modules.get(id) as Promise<ExposedModule<R, E>> | undefined;
  if (!load) {
    load = withTimeout(
      federationHost().then((host) => host.loadRemote<ExposedModule<R, E>>(id)),
      REMOTE_LOAD_TIMEOUT_MS,
      `The "${remote}" area`,
    ).then((module) => {
      if (!module || module.default == null)
        throw new RemoteLoadError(`${id} has no default export.`);
      return module;
    });
    modules.set(id, load);
  }
  return load;
}

/**
 * Starts loading a module before React asks for it, so the manifest, remoteEntry and chunks of the
 * first page download while the shell itself does. A failure is shown by the part's own boundary
 * when it renders.
 */
export function preloadModule({ remote, expose }: ExposedModuleRef): void {
  loadExposed(remote, expose as never).catch(() => undefined);
}
