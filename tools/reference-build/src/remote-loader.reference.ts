/// <reference types="@rspack/core/module" />
// Stands in for apps/shell/src/federation/remote-loader.ts in the single-bundle reference
// (reference-configs.ts): the same exports, with each remote's exposed module an ordinary lazy chunk
// of the one app instead of a federated module. Only this tool reads the remotes' sources.
import type { ExposeName, ExposedModule, ExposedModuleRef, RemoteName } from '@agentora/contracts';

// The bundler reads these options where they are written: they must stay literals.
const exposedModules: Record<RemoteName, (request: string) => unknown> = {
  content: import.meta.webpackContext('../../../apps/content/src/exposed', {
    mode: 'lazy',
    regExp: /^\.\/[A-Za-z]+\.tsx$/,
    recursive: false,
  }),
  signups: import.meta.webpackContext('../../../apps/signups/src/exposed', {
    mode: 'lazy',
    regExp: /^\.\/[A-Za-z]+\.tsx$/,
    recursive: false,
  }),
  careers: import.meta.webpackContext('../../../apps/careers/src/exposed', {
    mode: 'lazy',
    regExp: /^\.\/[A-Za-z]+\.tsx$/,
    recursive: false,
  }),
  backoffice: import.meta.webpackContext('../../../apps/backoffice/src/exposed', {
    mode: 'lazy',
    regExp: /^\.\/[A-Za-z]+\.tsx$/,
    recursive: false,
  }),
};

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

export const moduleId = (remote: RemoteName, expose: string) =>
  `${remote}/${expose.replace(/^\.\//, '')}`;

const modules = new Map<string, Promise<unknown>>();

export function registerSiteRemotes(_remotes: Record<RemoteName, string>): void {}

export function resetRemote(remote: RemoteName): void {
  for (const id of [...modules.keys()]) if (id.startsWith(`${remote}/`)) modules.delete(id);
}

export function loadExposed<R extends RemoteName, E extends ExposeName<R>>(
  remote: R,
  expose: E,
): Promise<ExposedModule<R, E>> {
  const id = moduleId(remote, expose);
  let load = modules.get(id);
  if (!load) {
    load = exposedModules[remote](`${expose}.tsx`) as Promise<unknown>;
    modules.set(id, load);
  }
  return load as Promise<ExposedModule<R, E>>;
}

export function preloadModule({ remote, expose }: ExposedModuleRef): void {
  loadExposed(remote, expose as never).catch(() => undefined);
}
