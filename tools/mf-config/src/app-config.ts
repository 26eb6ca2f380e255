// The rspack configs of one app's build, the same for all five apps. Each part has a module of its
// own: entry and output (output.ts), resolving and compiling sources (loaders.ts), the pages
// (page-html.ts), the files besides code (static-files.ts), hot updates (dev/react-refresh.ts),
// Module Federation (federation.ts), chunks (chunks.ts) and the dev server (dev/dev-server.ts);
// the server build (server-config.ts) and a remote's standalone runtime (standalone-runtime.ts) are
// compilations of their own.
import path from 'node:path';
import type { Configuration } from '@rspack/core';
import { LOCAL_PORTS, type AppName } from '@agentora/contracts/apps';
import { appBuild } from './app-build.ts';
import { reactRefreshPlugins } from './dev/react-refresh.ts';
import { serving } from './dev/dev-server.ts';
import { federationPlugins } from './federation.ts';
import { resolveAndLoaders } from './loaders.ts';
import { entryAndOutput } from './output.ts';
import { pagePlugins } from './page-html.ts';
import { createServerConfig } from './server-config.ts';
import type { SharedSpec } from './shared.ts';
import { chunking } from './chunks.ts';
import { standaloneRuntimeConfig } from './standalone-runtime.ts';
import { staticFilePlugins } from './static-files.ts';

export { STANDALONE_RUNTIME_FILE } from './standalone-runtime.ts';
export type { AppName };

export interface AppConfigOptions {
  name: AppName;
  /** The app's folder (its rspack.config.ts passes import.meta.dirname). */
  appDir: string;
  /** Dev-server port; default the app's port in the registry (libs/contracts/src/apps.ts). */
  port?: number;
  /** Where the build goes; default <appDir>/dist. */
  outputDir?: string;
  /**
   * Changes to the shared map for this build only: how a scratch build simulates a remote built
   * against other versions of a shared package (the version-policy tests).
   */
  sharedOverrides?: Record<string, Partial<SharedSpec>>;
  /** Files the build writes from data, by name: the shell's sitemap, feed and social cards. */
  generatedFiles?: Readonly<Record<string, string | Uint8Array>>;
}

export interface BuildArgs {
  mode?: 'development' | 'production' | 'none';
}

/** The full rspack config of one app's browser build. */
export function createAppConfig(options: AppConfigOptions, args: BuildArgs = {}): Configuration {
  const {
    name,
    appDir,
    port = LOCAL_PORTS[name],
    outputDir = path.join(appDir, 'dist'),
    sharedOverrides = {},
    generatedFiles = {},
  } = options;
  const build = appBuild(name, appDir, args.mode ?? 'production');
  return {
    mode: build.mode,
    context: appDir,
    ...entryAndOutput(build, outputDir),
    ...resolveAndLoaders(build),
    plugins: [
      ...pagePlugins(build),
      ...staticFilePlugins(build, generatedFiles),
      ...reactRefreshPlugins(build),
      ...federationPlugins(build, sharedOverrides),
    ],
    optimization: chunking(build),
    performance: { hints: false },
    ...serving(port),
  };
}

/**
 * Everything one app's build emits: the browser build; for production, its server build (Node, for
 * prerendering: server-config.ts); and for a remote, a tiny third one: the federation runtime core
 * its standalone page needs, since its own bundles use the host's.
 */
export function createBuildConfigs(
  options: AppConfigOptions,
  args: BuildArgs = {},
): Configuration[] {
  const app = { ...createAppConfig(options, args), name: options.name };
  const configs: Configuration[] = [app];
  // `npm start` renders in the browser only; a server build per saved file would be wasted work.
  if (app.mode !== 'development') {
    configs.push(
      createServerConfig({
        name: options.name,
        appDir: options.appDir,
        outputDir: app.output!.path!,
        mode: app.mode!,
        resolve: app.resolve,
        module: app.module,
        sharedOverrides: options.sharedOverrides,
      }),
    );
  }
  if (options.name === 'shell') return configs;
  return [...configs, standaloneRuntimeConfig(app, options.appDir)];
}
