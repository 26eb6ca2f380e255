// The server (Node) build of an app, used to prerender the site's pages (tools/prerender).
//
// A remote's server build is a commonjs remoteEntry in dist/ssr/, announced in the browser build's
// mf-manifest.json as `metaData.ssrRemoteEntry`. Outside the browser, the federation runtime loads
// that entry instead of the browser one, so a Node host finds a remote's server code from the very
// manifest URL the runtime config names, and @module-federation/node's runtime plugin fetches its
// chunks over HTTP. The shell's server build is that host: one file exporting renderPage(), which
// provides the shared singletons to the remotes as the browser shell does.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Compiler, Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { exposesMap } from '@agentora/contracts';
import type { AppName } from '@agentora/contracts/apps';
import { sharedMap, type SharedSpec } from './shared.ts';
import { SERVER_DIR, SERVER_REMOTE_ENTRY, SHELL_RENDER_FILE } from './server-files.ts';

const resolvePackage = createRequire(import.meta.url).resolve;
// Loads a remote's server chunks over HTTP in Node: the server's counterpart of script tags.
const nodeFederationRuntimePlugin = resolvePackage('@module-federation/node/runtimePlugin');
const majorVersionGuard = path.join(import.meta.dirname, 'runtime/major-version-guard.ts');

export interface ServerConfigOptions {
  name: AppName;
  appDir: string;
  /** The app's browser build folder; the server build goes to its SERVER_DIR. */
  outputDir: string;
  mode: 'development' | 'production' | 'none';
  /** The browser build's resolve and module settings (the same loaders, the same swc plugins). */
  resolve: Configuration['resolve'];
  module: Configuration['module'];
  sharedOverrides?: Record<string, Partial<SharedSpec>>;
}

/** The rspack config of an app's server build (a third compilation of `rspack build`). */
export function createServerConfig(options: ServerConfigOptions): Configuration {
  const { name, appDir, outputDir, mode } = options;
  const isShell = name === 'shell';
  return {
    name: `${name}-server`,
    // Runs after the browser build, whose mf-manifest.json it amends.
    dependencies: [name],
    mode,
    context: appDir,
    target: 'async-node',
    // A remote's server build is its container only (the exposes); rspack still wants an entry.
    entry: isShell
      ? { 'render-page': './src/server/index.ts' }
      : { main: { import: 'data:text/javascript,' } },
    output: {
      path: path.join(outputDir, SERVER_DIR),
      // Chunks are found next to the remoteEntry they belong to (Node host: next to render-page.cjs).
      publicPath: '',
      filename: isShell ? SHELL_RENDER_FILE : '[name].js',
      // The content hash last, like the browser's chunks: deploy copies it before any entry and
      // keeps it, and the static host may cache it for good.
      chunkFilename: `[name].${name}.[contenthash:10].js`,
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      uniqueName: `agentora_${name}_server`,
      ...(isShell ? { library: { type: 'commonjs2' } } : {}),
      clean: true,
    },
    devtool: false,
    resolve: options.resolve,
    module: options.module,
    // Readable stack traces when a render fails; the size of server code matters to nobody.
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: SERVER_REMOTE_ENTRY,
        library: { type: 'commonjs-module', name },
        exposes: isShell ? undefined : exposesMap(name),
        shared: sharedMap(options.sharedOverrides),
        shareStrategy: 'loaded-first',
        remoteType: 'script',
        runtimePlugins: [majorVersionGuard, nodeFederationRuntimePlugin],
        dts: false,
        manifest: false,
        // Keeps the runtime's Node loaders (the browser builds leave them out).
        experiments: { optimization: { target: 'node' } },
      }),
      ...(isShell ? [] : [new AnnounceServerEntryPlugin(path.join(outputDir, 'mf-manifest.json'))]),
    ],
  };
}

/** The `metaData.ssrRemoteEntry` a remote's browser manifest carries: where its server entry is. */
export const SERVER_ENTRY_META = {
  name: SERVER_REMOTE_ENTRY,
  path: SERVER_DIR,
  type: 'commonjs-module',
} as const;

/**
 * Writes SERVER_ENTRY_META into the browser build's mf-manifest.json once the server build is
 * written (the federation runtime's `ssrRemoteEntry`, as rsbuild's dual target does).
 */
export class AnnounceServerEntryPlugin {
  private readonly browserManifest: string;

  constructor(browserManifest: string) {
    this.browserManifest = browserManifest;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('AnnounceServerEntryPlugin', () => {
      const manifest = JSON.parse(fs.readFileSync(this.browserManifest, 'utf8')) as {
        metaData: Record<string, unknown>;
      };
      manifest.metaData.ssrRemoteEntry = SERVER_ENTRY_META;
      fs.writeFileSync(this.browserManifest, JSON.stringify(manifest, null, 2));
    });
  }
}
