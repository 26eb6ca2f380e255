// React Fast Refresh under `npm start`: a component edited in any app or lib updates in place, state
// kept, also when viewed through the shell.
import path from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import type { AppBuild } from '../app-build.ts';

/** One refresh runtime for the whole page (react-refresh-runtime.cjs), whichever app's code runs. */
export const SHARED_REACT_REFRESH_RUNTIME = path.join(
  import.meta.dirname,
  'react-refresh-runtime.cjs',
);

export function reactRefreshPlugins({ isDevelopment }: AppBuild): RspackPluginInstance[] {
  if (!isDevelopment) return [];
  return [
    new ReactRefreshRspackPlugin({ exclude: [/node_modules/, SHARED_REACT_REFRESH_RUNTIME] }),
    new rspack.NormalModuleReplacementPlugin(
      /^react-refresh\/runtime$/,
      SHARED_REACT_REFRESH_RUNTIME,
    ),
  ];
}
