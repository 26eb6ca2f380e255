// The files an app's build writes besides its code and pages: its public/ folder as it is, the
// default runtime config, and the files made from data (generated-files.ts).
import fs from 'node:fs';
import path from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { localRuntimeConfig } from '@agentora/contracts/apps';
import type { AppBuild } from './app-build.ts';
import { GeneratedFilesPlugin } from './generated-files.ts';

export function staticFilePlugins(
  { appDir }: AppBuild,
  generatedFiles: Readonly<Record<string, string | Uint8Array>>,
): RspackPluginInstance[] {
  const publicDir = path.join(appDir, 'public');
  const copyPatterns = fs.existsSync(publicDir) ? [{ from: publicDir, to: '.' }] : [];
  return [
    ...(copyPatterns.length > 0 ? [new rspack.CopyRspackPlugin({ patterns: copyPatterns })] : []),
    // Every build ships the local site's runtime config as its default; a deployment replaces that
    // one file per environment (docs/architecture.md, "Runtime configuration"). Under `npm start`
    // the dev server answers this path itself, for the hostname the page was opened at
    // (dev/dev-server.ts).
    new GeneratedFilesPlugin({
      'runtime-config.json': `${JSON.stringify(localRuntimeConfig({ hostname: '127.0.0.1' }), null, 2)}\n`,
      ...generatedFiles,
    }),
  ];
}
