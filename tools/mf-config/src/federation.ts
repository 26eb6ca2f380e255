// Module Federation in an app's browser build. A remote is built with the plugin: its exposes from
// the contract, the one shared map, the version policy's runtime plugin. The shell is not (it
// starts the federation runtime itself, apps/shell/src/federation/federation-host.ts).
import path from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { exposesMap } from '@agentora/contracts';
import type { AppBuild } from './app-build.ts';
import { AutoPublicPathNoticePlugin } from './auto-public-path-notice.ts';
import { ExposeContractPlugin } from './expose-contract.ts';
import { providedByShell, sharedMap, type SharedSpec } from './shared.ts';

const majorVersionGuard = path.join(import.meta.dirname, 'runtime/major-version-guard.ts');

export function federationPlugins(
  { name }: AppBuild,
  sharedOverrides: Record<string, Partial<SharedSpec>>,
): RspackPluginInstance[] {
  // The shell is an ordinary app: it starts the federation runtime itself, only once a remote's
  // module is needed, and hands it the shared modules it already has (federation-host.ts), so
  // a prerendered page that nobody uses yet carries no runtime. It only needs their specs.
  if (name === 'shell') {
    return [
      new rspack.DefinePlugin({
        __AGENTORA_PROVIDED_SHARED__: JSON.stringify(providedByShell()),
      }),
    ];
  }
  return [
    // Before the federation plugin: a notice of its about this build's 'auto' public path.
    new AutoPublicPathNoticePlugin(),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: exposesMap(name),
      shared: sharedMap(sharedOverrides),
      shareStrategy: 'loaded-first',
      runtimePlugins: [majorVersionGuard],
      dts: false,
      experiments: {
        // One federation runtime core per page: the shell's (or, on a remote's own page, the
        // standalone one), which every remoteEntry uses instead of shipping its own.
        externalRuntime: true,
        // Browser-only builds: leaves the runtime's Node loaders out.
        optimization: { target: 'web' },
      },
    }),
    // What the shell will load must be what the contract promises: checked where the
    // manifest is written.
    new ExposeContractPlugin(name),
  ];
}
