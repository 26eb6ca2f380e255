// How an app's sources are resolved and compiled: TypeScript and JSX through swc, with the
// styled-components plugin. The server build and the standalone runtime reuse both as they are.
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Configuration } from '@rspack/core';
import type { AppBuild } from './app-build.ts';
import { SHARED_REACT_REFRESH_RUNTIME } from './dev/react-refresh.ts';
import { SHARED_ROUTER_MODULE } from './shared.ts';

const styledComponentsSwcPlugin = createRequire(import.meta.url).resolve(
  '@swc/plugin-styled-components',
);
const workspaceRoot = path.resolve(import.meta.dirname, '../../..');

export function resolveAndLoaders({
  name,
  isProduction,
  isDevelopment,
  isShell,
}: AppBuild): Pick<Configuration, 'resolve' | 'module'> {
  return {
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // The shell's router is the lean one it also provides to the remotes (shared-router.ts).
      ...(isShell ? { alias: { 'react-router-dom$': SHARED_ROUTER_MODULE } } : {}),
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: [/node_modules/, SHARED_REACT_REFRESH_RUNTIME],
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
  };
}
