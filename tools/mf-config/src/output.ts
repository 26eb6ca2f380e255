// Where an app's browser build starts and what it writes: file names, public path, source maps.
import path from 'node:path';
import type { Configuration } from '@rspack/core';
import type { AppBuild } from './app-build.ts';
import { STANDALONE_RUNTIME_FILE } from './standalone-runtime.ts';

export function entryAndOutput(
  { name, isProduction, isShell }: AppBuild,
  outputDir: string,
): Pick<Configuration, 'entry' | 'output' | 'devtool'> {
  const filename = isProduction ? '[name].[contenthash:10].js' : '[name].js';
  return {
    entry: { main: './src/index.ts' },
    output: {
      path: outputDir,
      // The shell is served from the site root, and its HTML must load from '/' on any deep link.
      // Remotes live on their own origin or path: 'auto' resolves their chunks from remoteEntry.js.
      publicPath: isShell ? '/' : 'auto',
      filename,
      chunkFilename: filename,
      cssFilename: '[name].[contenthash:10].css',
      uniqueName: `agentora_${name}`,
      // The standalone runtime is written by the other compilation of the same build (createBuildConfigs).
      clean: { keep: (file: string) => path.basename(file) === STANDALONE_RUNTIME_FILE },
    },
    devtool: isProduction ? false : 'cheap-module-source-map',
  };
}
