// A remote's own page (its standalone harness) needs a federation runtime core: the remote's bundles
// use the host's (externalRuntime), and on that page there is no host. A tiny third compilation of a
// remote's build writes one, which the page loads before its own scripts.
import path from 'node:path';
import type { Configuration } from '@rspack/core';

/** Loaded by a remote's standalone page before its own scripts (templates/remote-standalone.html). */
export const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

const standaloneRuntimeProvider = path.join(
  import.meta.dirname,
  'runtime/standalone-runtime-provider.ts',
);

/** The standalone runtime's config, next to the remote's browser build `app` and compiled alike. */
export function standaloneRuntimeConfig(app: Configuration, appDir: string): Configuration {
  return {
    name: 'standalone-runtime',
    mode: app.mode,
    context: appDir,
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
  };
}
