import path from 'node:path';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { exposesMap } from '@agentora/contracts';
import { LOCAL_PORTS, localRuntimeConfig, type AppName } from '@agentora/contracts/apps';
import { GLOBAL_CSS, THEME_COLOR } from '@agentora/ui/global-css';
import { devServerConfig } from './dev/dev-server.ts';
import { ExposeContractPlugin } from './expose-contract.ts';
import { GeneratedFilesPlugin } from './generated-files.ts';
import { siteIcon } from './site-icon.ts';
import { createServerConfig } from './server-config.ts';
import { PAGE_TEMPLATE_FILE } from './server-files.ts';
import { providedByShell, SHARED_ROUTER_MODULE, sharedMap, type SharedSpec } from './shared.ts';
import { StartupPreloadPlugin } from './startup-preload.ts';

// Only the shell's client-rendered page (its index.html) preloads the runtime config; the
// prerendered pages' template leaves it, like the scripts, until after the first paint.
const RUNTIME_CONFIG_PRELOAD =
  '<link rel="preload" href="/runtime-config.json" as="fetch" crossorigin="anonymous" />';
// What every page of every app carries in its <head> before any script: the site's global rules.
const PAGE_HEAD = { globalCss: GLOBAL_CSS, themeColor: THEME_COLOR };
// The shell's pages carry their icon in the HTML (site-icon.ts).
const SITE_ICON = siteIcon();
const SHELL_PAGE_HEAD = {
  ...PAGE_HEAD,
  siteIconHref: SITE_ICON.href,
  siteIconType: SITE_ICON.type,
};
const majorVersionGuard = path.join(import.meta.dirname, 'runtime/major-version-guard.ts');
// A remote's own page is only its standalone harness: one template serves all three.
const remoteStandaloneTemplate = path.resolve(
  import.meta.dirname,
  '../templates/remote-standalone.html',
);
const standaloneRuntimeProvider = path.join(
  import.meta.dirname,
  'runtime/standalone-runtime-provider.ts',
);
const sharedReactRefreshRuntime = path.join(import.meta.dirname, 'dev/react-refresh-runtime.cjs');
const styledComponentsSwcPlugin = createRequire(import.meta.url).resolve(
  '@swc/plugin-styled-components',
);
const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
/** Loaded by a remote's standalone page before its own scripts (templates/remote-standalone.html). */
export const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

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

/** The full rspack config of one app: the same loaders, output and federation settings for all four. */
export function createAppConfig(options: AppConfigOptions, args: BuildArgs = {}): Configuration {
  const {
    name,
    appDir,
    port = LOCAL_PORTS[name],
    outputDir = path.join(appDir, 'dist'),
    sharedOverrides = {},
    generatedFiles = {},
  } = options;
  const mode = args.mode ?? 'production';
  const isProduction = mode === 'production';
  const isDevelopment = mode === 'development';
  const publicDir = path.join(appDir, 'public');
  const copyPatterns = fs.existsSync(publicDir) ? [{ from: publicDir, to: '.' }] : [];

  return {
    mode,
    context: appDir,
    entry: { main: './src/index.ts' },
    output: {
      path: outputDir,
      // The shell is served from the site root, and its HTML must load from '/' on any deep link.
      // Remotes live on their own origin or path: 'auto' resolves their chunks from remoteEntry.js.
      publicPath: name === 'shell' ? '/' : 'auto',
      filename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: '[name].[contenthash:10].css',
      uniqueName: `agentora_${name}`,
      // The standalone runtime is written by the other compilation of the same build (createBuildConfigs).
      clean: { keep: (file: string) => path.basename(file) === STANDALONE_RUNTIME_FILE },
    },
    devtool: isProduction ? false : 'cheap-module-source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // The shell's router is the lean one it also provides to the remotes (shared-router.ts).
      ...(name === 'shell' ? { alias: { 'react-router-dom$': SHARED_ROUTER_MODULE } } : {}),
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: [/node_modules/, sharedReactRefreshRuntime],
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', development: !isProduction, refresh: isDevelopment },
              },
              experimental: {
                // styled-components names each component by a global creation counter unless a
                // compiler gives it an id. The server render and the browser's hydration create the
                // shell's, the libs' and the remotes' components in different orders, so counter ids
                // would not match: this gives every component an id from its file and position,
                // prefixed by the app (two remotes' ids never collide).
                plugins: [
                  [
                    styledComponentsSwcPlugin,
                    { ssr: true, displayName: !isProduction, namespace: name },
                  ],
                ],
                // The compiled plugin is cached here, not in a .swc/ folder next to each app.
                cacheRoot: path.join(workspaceRoot, 'node_modules/.cache/swc'),
              },
            },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        ...(name === 'shell'
          ? {
              template: path.join(appDir, 'index.html'),
              templateParameters: {
                ...SHELL_PAGE_HEAD,
                runtimeConfigPreload: RUNTIME_CONFIG_PRELOAD,
              },
            }
          : {
              template: remoteStandaloneTemplate,
              templateParameters: {
                ...PAGE_HEAD,
                remoteName: name,
                standaloneRuntimeFile: STANDALONE_RUNTIME_FILE,
              },
              // The page runs the app's own entry; remoteEntry.js is for hosts. One webpack runtime
              // per page also keeps hot updates in one place.
              chunks: ['main'],
            }),
        scriptLoading: 'defer',
        minify: isProduction,
      }),
      // The same page once more, under a name of its own: the prerender fills it for every route
      // and writes index.html (the home page) over the client-rendered one.
      ...(name === 'shell' && isProduction
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(appDir, 'index.html'),
              filename: PAGE_TEMPLATE_FILE,
              templateParameters: { ...SHELL_PAGE_HEAD, runtimeConfigPreload: '' },
              inject: 'body',
              minify: true,
            }),
          ]
        : []),
      ...(name === 'shell'
        ? [
            new StartupPreloadPlugin({
              bootstrapRequest: './bootstrap',
              afterFirstPaint: [PAGE_TEMPLATE_FILE],
            }),
          ]
        : []),
      ...(copyPatterns.length > 0 ? [new rspack.CopyRspackPlugin({ patterns: copyPatterns })] : []),
      // Every build ships the local site's runtime config as its default; a deployment replaces that
      // one file per environment (docs/architecture.md, "Runtime configuration"). Under `npm start`
      // the dev server answers this path itself, for the hostname the page was opened at
      // (dev/dev-server.ts).
      new GeneratedFilesPlugin({
        'runtime-config.json': `${JSON.stringify(localRuntimeConfig({ hostname: '127.0.0.1' }), null, 2)}\n`,
        ...generatedFiles,
      }),
      ...(isDevelopment
        ? [
            new ReactRefreshRspackPlugin({ exclude: [/node_modules/, sharedReactRefreshRuntime] }),
            new rspack.NormalModuleReplacementPlugin(
              /^react-refresh\/runtime$/,
              sharedReactRefreshRuntime,
            ),
          ]
        : []),
      // The shell is an ordinary app: it starts the federation runtime itself, only once a remote's
      // module is needed, and hands it the shared modules it already has (federation-host.ts), so
      // a prerendered page that nobody uses yet carries no runtime. It only needs their specs.
      ...(name === 'shell'
        ? [
            new rspack.DefinePlugin({
              __AGENTORA_PROVIDED_SHARED__: JSON.stringify(providedByShell()),
            }),
          ]
        : [
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
          ]),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The shell starts in steps, one dynamic import per package (apps/shell/src/start-in-steps.ts),
      // and rspack cannot know they run in order: a module two steps need that is too small for a
      // chunk of its own by default (React) was copied into each of them, four copies on every page.
      // A package's module (or the router the shell shares) that two of the shell's async chunks
      // need goes into one chunk, whatever its size. (Only those: the reference build, which is this
      // config with the pages bundled in, would otherwise cut its pages' lazy chunks into pieces.)
      ...(name === 'shell'
        ? {
            splitChunks: {
              cacheGroups: {
                sharedByAsyncChunks: {
                  test: (module) => {
                    const file = module.nameForCondition() ?? '';
                    return /[\\/]node_modules[\\/]/.test(file) || file === SHARED_ROUTER_MODULE;
                  },
                  chunks: 'async',
                  minChunks: 2,
                  minSize: 0,
                  reuseExistingChunk: true,
                  priority: -5,
                },
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    // rspack's `serve` turns lazy compilation on by default: a dynamic import is then compiled only
    // when a page asks this server for it. A remote's page is the shell's, on another origin, so the
    // request never reaches the remote's server and the import never resolves (the blog's article
    // view, the near-viewport parts). Every chunk is compiled up front instead.
    lazyCompilation: false,
    devServer: devServerConfig(port),
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
  return [
    ...configs,
    {
      name: 'standalone-runtime',
      mode: app.mode,
      context: options.appDir,
      entry: { runtime: standaloneRuntimeProvider },
      output: {
        path: app.output?.path,
        filename: STANDALONE_RUNTIME_FILE,
        clean: false,
        iife: true,
      },
      devtool: false,
      resolve: app.resolve,
      module: app.module,
      performance: { hints: false },
    },
  ];
}
