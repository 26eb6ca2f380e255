// The federation runtime of the page, started the first time a remote module is needed
// (remote-loader.ts loads this chunk then). The shell is built without the Module Federation plugin,
// so a prerendered page that nobody has used yet carries none of this: the runtime, the remotes'
// entries and their modules all load on first use.
//
// Here the shell does what the plugin's start-up code would: it publishes the runtime core for the
// remotes (they are built with `externalRuntime`), and creates the page's federation instance with
// the shared modules it already runs (shared-modules.ts), so every remote uses those.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import {
  getInstance,
  init,
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { SHELL_SHARED_MODULES } from './shared-modules';

export { loadRemote, registerRemotes };

interface ProvidedSpec {
  version: string;
  requiredVersion: string;
}

// Written into the build from tools/mf-config/src/shared.ts (providedByShell).
declare const __AGENTORA_PROVIDED_SHARED__: Record<string, ProvidedSpec> | undefined;

function sharedOptions() {
  const specs =
    typeof __AGENTORA_PROVIDED_SHARED__ === 'undefined' ? {} : __AGENTORA_PROVIDED_SHARED__;
  return Object.fromEntries(
    Object.entries(SHELL_SHARED_MODULES).map(([name, module]) => {
      const spec = specs[name];
      if (!spec)
        throw new Error(
          `The shell provides ${name}, but its build does not know its version (PROVIDED_BY_SHELL in libs/contracts/src/shared-modules.ts).`,
        );
      return [
        name,
        {
          version: spec.version,
          lib: () => module,
          shareConfig: { singleton: true, requiredVersion: spec.requiredVersion },
        },
      ];
    }),
  );
}

/**
 * Makes the page's federation instance ready for `remotes`. Where a Module Federation plugin has
 * already made one (the shell's server build, the prerender's host), that one is used.
 */
export function startFederation(
  remotes: Record<string, string>,
  plugins: ModuleFederationRuntimePlugin[],
): void {
  const global = runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore };
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  if (getInstance()) registerPlugins(plugins);
  else
    init({
      name: 'shell',
      remotes: [],
      shared: sharedOptions(),
      shareStrategy: 'loaded-first',
      plugins,
    });
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}
