import type { Compilation } from '@rspack/core';
import { startupFiles } from './startup-preload';

function group(
  files: string[],
  origins: Array<{ request?: string; module?: string }>,
  initial = false,
) {
  return {
    isInitial: () => initial,
    getFiles: () => files,
    origins: origins.map(({ request, module }) => ({
      request,
      module: module ? { identifier: () => module } : undefined,
    })),
  };
}

const compilation = {
  chunkGroups: [
    group(['main.1.js'], [{ request: './src/index.ts' }], true),
    group(['272.a.js', '272.a.css'], [{ request: './bootstrap', module: '/app/src/index.ts' }]),
    group(
      ['610.b.js'],
      [
        {
          module:
            'provide shared module (default) react-dom/client@19.3.1 = /x/react-dom/client.js',
        },
      ],
    ),
    group(
      ['610.b.js'],
      [{ module: 'consume shared module (default) react-dom/client@^19.3.1 (strict)' }],
    ),
    group(
      ['487.c.js'],
      [{ module: 'consume shared module (default) react-router-dom@^7 (strict)' }],
    ),
    group(
      ['21.d.js'],
      [{ request: '@supabase/supabase-js', module: '/libs/data/src/backend/client.ts' }],
    ),
  ],
} as unknown as Compilation;

describe('startupFiles', () => {
  it("lists the bootstrap import's scripts and the shared packages the build provides", () => {
    expect(startupFiles(compilation, './bootstrap')).toEqual(['272.a.js', '610.b.js']);
  });

  it('leaves out the entry itself, consume fallbacks the page does not use, and lazy imports', () => {
    const files = startupFiles(compilation, './bootstrap');
    expect(files).not.toContain('main.1.js');
    expect(files).not.toContain('487.c.js');
    expect(files).not.toContain('21.d.js');
  });
});
