import {
  apportion,
  chunkCompositions,
  findChunk,
  LABELS,
  labelForModule,
  labelForPackage,
  mergeShares,
  packageNameOf,
  type StatsJson,
} from './attribution.ts';

describe('packageNameOf', () => {
  it('reads plain, scoped and nested node_modules paths', () => {
    expect(packageNameOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(
      'react-dom',
    );
    expect(
      packageNameOf('/work/main/node_modules/@supabase/auth-js/dist/module/GoTrueClient.js'),
    ).toBe('@supabase/auth-js');
    expect(
      packageNameOf('../../node_modules/styled-components/node_modules/stylis/src/Parser.js'),
    ).toBe('stylis');
    expect(packageNameOf('./src/index.ts')).toBeUndefined();
  });
});

describe('labelForPackage', () => {
  it('groups packages the breakdown reports together', () => {
    expect(labelForPackage('scheduler')).toBe(LABELS.reactDom);
    expect(labelForPackage('react')).toBe(LABELS.react);
    expect(labelForPackage('react-router-dom')).toBe(LABELS.router);
    expect(labelForPackage('set-cookie-parser')).toBe(LABELS.router);
    expect(labelForPackage('@module-federation/runtime-core')).toBe(LABELS.mfRuntime);
    expect(labelForPackage('stylis')).toBe(LABELS.styled);
    expect(labelForPackage('@supabase/postgrest-js')).toBe(LABELS.supabase);
    expect(labelForPackage('micromark-core-commonmark')).toBe(LABELS.markdown);
    expect(labelForPackage('left-pad')).toBe('left-pad');
  });
});

describe('labelForModule', () => {
  it('names app code and libs from paths relative to the app folder', () => {
    expect(labelForModule('./src/bootstrap.tsx + 18 modules', 'apps/shell')).toBe(
      'app code: shell',
    );
    expect(labelForModule('../../libs/ui/src/index.ts + 18 modules', 'apps/content')).toBe(
      'lib: @agentora/ui',
    );
    expect(labelForModule('../content/src/x.ts', 'apps/shell')).toBe('app code: content');
    expect(
      labelForModule('../../tools/mf-config/src/runtime/major-version-guard.ts', 'apps/signups'),
    ).toBe(LABELS.mfPlugins);
    expect(labelForModule('/work/main/libs/data/src/index.ts', 'apps/shell')).toBe(
      'lib: @agentora/data',
    );
  });

  it('names node_modules by package, also behind loaders', () => {
    expect(labelForModule('../../node_modules/react/cjs/react.production.js', 'apps/shell')).toBe(
      LABELS.react,
    );
    expect(
      labelForModule(
        'builtin:swc-loader??ruleSet[1]!../../node_modules/react/index.js',
        'apps/shell',
      ),
    ).toBe(LABELS.react);
  });

  it('puts Module Federation bootstrap and generated stubs under the MF runtime', () => {
    expect(
      labelForModule(
        '@module-federation/runtime/rspack.js!=!data:text/javascript,import%20x%20from%20%22y%22 + 1 modules',
        'apps/shell',
      ),
    ).toBe(LABELS.mfRuntime);
    expect(
      labelForModule(
        'provide shared module (default) react@19.3.1 = /work/main/node_modules/react/index.js',
        'apps/shell',
      ),
    ).toBe(LABELS.mfRuntime);
    expect(
      labelForModule(
        'consume shared module (default) @agentora/ui@^0.1.0 (strict) (fallback: /work/main/libs/ui/src/index.ts)',
        'apps/shell',
      ),
    ).toBe(LABELS.mfRuntime);
    expect(
      labelForModule(
        'container entry (default) [["./HomePage",{"import":["./src/exposed/HomePage.tsx"]}]]',
        'apps/content',
      ),
    ).toBe(LABELS.mfRuntime);
    expect(labelForModule('webpack/runtime/jsonp_chunk_loading', 'apps/shell')).toBe(
      LABELS.bundlerRuntime,
    );
  });

  it('calls what it cannot place unattributed', () => {
    expect(labelForModule(undefined, 'apps/shell')).toBe(LABELS.unknown);
    expect(labelForModule('', 'apps/shell')).toBe(LABELS.unknown);
  });
});

const STATS: StatsJson = {
  chunks: [
    {
      id: 889,
      names: ['main'],
      files: ['main.e93d9b18d7.js'],
      sizes: { javascript: 1100, runtime: 300, 'share-init': 100 },
      modules: [
        { name: './src/index.ts', size: 100 },
        { name: '../../node_modules/@module-federation/runtime-core/dist/core.cjs', size: 1000 },
      ],
    },
    {
      id: 694,
      files: ['694.8a8bfa3d76.js', '694.8a8bfa3d76.css'],
      sizes: { javascript: 1000 },
      modules: [
        {
          name: './src/bootstrap.tsx + 2 modules',
          size: 1000,
          modules: [
            { name: './src/bootstrap.tsx', size: 300 },
            { name: '../../libs/ui/src/theme/theme.ts', size: 200 },
            { name: '../../node_modules/react-router/dist/development/index.mjs', size: 500 },
          ],
        },
      ],
    },
    { id: 106, files: [], modules: [{ name: 'consume shared module (default) react', size: 42 }] },
  ],
};

describe('chunkCompositions', () => {
  const compositions = chunkCompositions(STATS, 'apps/shell');

  it('makes one composition per JS file, skipping chunks without files and CSS', () => {
    expect(compositions.map((c) => c.file)).toEqual(['main.e93d9b18d7.js', '694.8a8bfa3d76.js']);
  });

  it('counts modules, concatenated members, runtime and share-init code', () => {
    expect(Object.fromEntries(compositions[0].parts)).toEqual({
      'app code: shell': 100,
      [LABELS.mfRuntime]: 1100,
      [LABELS.bundlerRuntime]: 300,
    });
    expect(Object.fromEntries(compositions[1].parts)).toEqual({
      'app code: shell': 300,
      'lib: @agentora/ui': 200,
      [LABELS.router]: 500,
    });
  });
});

describe('findChunk', () => {
  const compositions = chunkCompositions(STATS, 'apps/shell');

  it('finds a file by its exact name', () => {
    expect(findChunk('694.8a8bfa3d76.js', compositions)).toMatchObject({
      matchedBy: 'file',
      composition: { id: '694' },
    });
  });

  it('falls back to the chunk id or name in front of the hash', () => {
    expect(findChunk('694.0000000000.js', compositions)).toMatchObject({
      matchedBy: 'chunk-id',
      composition: { id: '694' },
    });
    expect(findChunk('main.1111111111.js', compositions)).toMatchObject({
      matchedBy: 'chunk-id',
      composition: { id: '889' },
    });
  });

  it('reports files it cannot find', () => {
    expect(findChunk('remoteEntry.js', compositions)).toEqual({ matchedBy: 'none' });
  });
});

describe('apportion', () => {
  const [, bootstrap] = chunkCompositions(STATS, 'apps/shell');

  it('splits bytes by module size and adds up exactly', () => {
    const shares = apportion(1001, 2003, bootstrap);
    expect(shares.reduce((sum, s) => sum + s.transferBytes, 0)).toBe(1001);
    expect(shares.reduce((sum, s) => sum + s.gzipBytes, 0)).toBe(2003);
    expect(shares.find((s) => s.label === 'lib: @agentora/ui')).toEqual({
      label: 'lib: @agentora/ui',
      transferBytes: 200,
      gzipBytes: 400,
    });
    expect(shares.find((s) => s.label === LABELS.router)?.transferBytes).toBe(501);
  });

  it('gives a file without stats to "unattributed"', () => {
    expect(apportion(500, 600, undefined)).toEqual([
      { label: LABELS.unknown, transferBytes: 500, gzipBytes: 600 },
    ]);
  });
});

describe('mergeShares', () => {
  it('sums by label, largest gzip first', () => {
    expect(
      mergeShares([
        { label: 'react', transferBytes: 1, gzipBytes: 2 },
        { label: 'react-dom', transferBytes: 10, gzipBytes: 20 },
        { label: 'react', transferBytes: 3, gzipBytes: 4 },
      ]),
    ).toEqual([
      { label: 'react-dom', transferBytes: 10, gzipBytes: 20 },
      { label: 'react', transferBytes: 4, gzipBytes: 6 },
    ]);
  });
});
