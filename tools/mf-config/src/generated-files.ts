// Files an app's build writes from data rather than copying them from public/: the shell's sitemap,
// robots.txt, blog feed and social cards, made from the route table and the article list, so they
// can never miss a route or an article.
import type { Compiler } from '@rspack/core';

const PLUGIN = 'GeneratedFilesPlugin';

export class GeneratedFilesPlugin {
  private readonly files: Readonly<Record<string, string | Uint8Array>>;

  /** `files`: the content of each file, by its name in the build's output folder. */
  constructor(files: Readonly<Record<string, string | Uint8Array>>) {
    this.files = files;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, content] of Object.entries(this.files))
            compilation.emitAsset(
              name,
              new compiler.webpack.sources.RawSource(
                typeof content === 'string' ? content : Buffer.from(content),
              ),
            );
        },
      );
    });
  }
}
