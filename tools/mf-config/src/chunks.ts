// How an app's code is cut into chunks. Ids are deterministic everywhere (a file's name changes only
// with its content); the shell also keeps the modules its start-up steps share in one chunk each.
import type { Configuration } from '@rspack/core';
import type { AppBuild } from './app-build.ts';
import { SHARED_ROUTER_MODULE } from './shared.ts';

export function chunking({ isShell }: AppBuild): Configuration['optimization'] {
  return {
    moduleIds: 'deterministic',
    chunkIds: 'deterministic',
    // The shell starts in steps, one dynamic import per package (apps/shell/src/start-in-steps.ts),
    // and rspack cannot know they run in order: a module two steps need that is too small for a
    // chunk of its own by default (React) was copied into each of them, four copies on every page.
    // A package's module (or the router the shell shares) that two of the shell's async chunks
    // need goes into one chunk, whatever its size. (Only those: the reference build, which is this
    // config with the pages bundled in, would otherwise cut its pages' lazy chunks into pieces.)
    ...(isShell
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
  };
}
