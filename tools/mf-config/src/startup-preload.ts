// Lists the shell's start-up chunks in its HTML as <link rel="preload">.
//
// The shell's entry is small on purpose: it reads the runtime config and starts the first page's
// remote modules, then imports './bootstrap', whose chunks (and those of the shared packages the
// shell provides: React, react-dom, the router, styled-components, our libs) are only discovered
// when that code runs. Announcing them in the HTML lets the browser fetch them alongside the entry
// instead of one round trip after it. Lazily imported code (supabase-js) is not listed.
//
// A prerendered page is the other way round: its HTML already shows the whole page, and scripts
// fetched with it would only compete with the first paint for a slow phone's bandwidth and CPU. Its
// template (the page-template.html the prerender fills) gets no preloads; one small inline script
// starts the same scripts right after the first paint instead (libs/contracts/src/prerendered-page.ts).
import type { Compilation, Compiler } from '@rspack/core';
import { prerenderedPageLoader } from '@agentora/contracts/prerendered-page';

const PLUGIN = 'StartupPreloadPlugin';

export interface StartupPreloadOptions {
  /** The dynamic import in the entry that starts the app. */
  bootstrapRequest: string;
  /** HTML files whose scripts start after the first paint, without preloads (prerendered pages). */
  afterFirstPaint?: readonly string[];
}

type ChunkGroup = Compilation['chunkGroups'][number];

function isStartupGroup(group: ChunkGroup, bootstrapRequest: string): boolean {
  if (group.isInitial()) return false;
  return group.origins.some((origin) => {
    if (origin.request === bootstrapRequest) return true;
    // The copies of the shared packages this build provides: the shell is loaded first, so with
    // the 'loaded-first' strategy its copies are the ones every part of the page uses.
    const identifier = origin.module?.identifier() ?? '';
    return identifier.startsWith('provide shared module (');
  });
}

/** The JS files of the chunks the app's start needs, in a stable order. */
export function startupFiles(compilation: Compilation, bootstrapRequest: string): string[] {
  const files = new Set<string>();
  for (const group of compilation.chunkGroups) {
    if (!isStartupGroup(group, bootstrapRequest)) continue;
    for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}

export class StartupPreloadPlugin {
  private readonly options: StartupPreloadOptions;

  constructor(options: StartupPreloadOptions) {
    this.options = options;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compiler.webpack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        PLUGIN,
        async (data) => {
          if (this.options.afterFirstPaint?.includes(data.outputName)) {
            const scripts = data.assetTags.scripts.map((tag) => String(tag.attributes.src));
            data.assetTags.scripts = [
              {
                tagName: 'script',
                innerHTML: prerenderedPageLoader(scripts),
                attributes: {},
                voidTag: false,
              },
            ];
            return data;
          }
          const preloads = startupFiles(compilation, this.options.bootstrapRequest).map((file) => ({
            tagName: 'link',
            attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
            voidTag: true,
          }));
          // The entry starts the remote modules' downloads: it goes first, ahead of the preloads.
          const entries = data.assetTags.scripts.map((tag) => ({
            ...tag,
            attributes: { ...tag.attributes, fetchpriority: 'high' },
          }));
          data.assetTags.scripts = [...entries, ...preloads];
          return data;
        },
      );
    });
  }
}
