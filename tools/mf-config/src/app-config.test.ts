// The configs every app builds with, part by part (app-config.ts puts them together from output.ts,
// loaders.ts, page-html.ts, static-files.ts, dev/react-refresh.ts, federation.ts, chunks.ts,
// dev/dev-server.ts, server-config.ts and standalone-runtime.ts).
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { exposesMap } from '@agentora/contracts';
import { LOCAL_PORTS, localRuntimeConfig, type AppName } from '@agentora/contracts/apps';
import { PAGE_TEMPLATE_FILE } from './server-files';
import { sharedMap, SHARED_ROUTER_MODULE } from './shared';
import { STANDALONE_RUNTIME_FILE } from './standalone-runtime';

const ROOT = path.resolve(__dirname, '../../..');
const APPS: readonly AppName[] = ['shell', 'content', 'signups', 'careers', 'backoffice'];
const REMOTES = APPS.filter((name) => name !== 'shell');
const MODES = ['development', 'production'] as const;
const appDir = (name: AppName) => path.join(ROOT, 'apps', name);

// @rspack/core is ESM-only, so the configs are made in a child Node process (as `rspack build` makes
// them) and handed back as JSON: each plugin as its class's name and what it was constructed with
// (rspack's built-in plugins keep that in `_args`, the federation plugin in `_options`), a function
// as what it answers for the cases the child tries.
const MAKE_CONFIGS = `
const { createBuildConfigs } = await import(process.env.APP_CONFIG_MODULE);
const cases = JSON.parse(process.env.CONFIG_CASES);
const plain = (value) => {
  if (typeof value === 'function') return '[function]';
  if (value instanceof RegExp) return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plain);
  const out = {};
  const proto = Object.getPrototypeOf(value);
  if (proto && proto !== Object.prototype) out.class = proto.constructor.name;
  for (const [key, field] of Object.entries(value)) out[key] = plain(field);
  return out;
};
const made = cases.map(({ options, args }) =>
  createBuildConfigs(options, args).map((config) => {
    const keep = config.output?.clean?.keep;
    return {
      ...plain(config),
      keeps: keep ? ['dist/main.js', 'dist/${STANDALONE_RUNTIME_FILE}'].filter((file) => keep(file)) : undefined,
    };
  }),
);
console.log(JSON.stringify(made));
`;

interface Plugin {
  class: string;
  _args?: [Record<string, unknown>];
  _options?: Record<string, unknown>;
  files?: Record<string, string>;
}
interface Made {
  name: string;
  mode: string;
  plugins?: Plugin[];
  keeps?: string[];
  [key: string]: unknown;
}
interface Case {
  options: { name: AppName; appDir: string; [option: string]: unknown };
  args: { mode?: (typeof MODES)[number] };
}

function makeConfigs(cases: readonly Case[]): Made[][] {
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '--disable-warning=ExperimentalWarning', '-e', MAKE_CONFIGS],
    {
      cwd: __dirname,
      env: {
        ...process.env,
        APP_CONFIG_MODULE: path.join(__dirname, 'app-config.ts'),
        CONFIG_CASES: JSON.stringify(cases),
      },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

const STANDARD: Case[] = APPS.flatMap((name) =>
  MODES.map((mode) => ({
    options: { name, appDir: appDir(name), generatedFiles: { 'sitemap.xml': '<urlset/>' } },
    args: { mode },
  })),
);
const OTHER: Case[] = [
  {
    options: {
      name: 'careers',
      appDir: appDir('careers'),
      port: 9999,
      outputDir: '/tmp/out',
      sharedOverrides: { react: { requiredVersion: '^99.0.0' } },
    },
    args: {},
  },
];
let made: Made[][];
beforeAll(() => {
  made = makeConfigs([...STANDARD, ...OTHER]);
});

/** Every config of one app's build. */
const builds = (name: AppName, mode: (typeof MODES)[number]) =>
  made[STANDARD.findIndex((c) => c.options.name === name && c.args.mode === mode)]!;
/** The browser config of one app. */
const config = (name: AppName, mode: (typeof MODES)[number]) => builds(name, mode)[0]!;
const pluginNames = (built: Made) => built.plugins!.map((plugin) => plugin.class);
const pluginsNamed = (built: Made, name: string) =>
  built.plugins!.filter((plugin) => plugin.class === name);
const argsOf = (plugin: Plugin) => plugin._args![0];

describe('the plugins, in order', () => {
  it.each([
    [
      'shell',
      'production',
      [
        'HtmlRspackPlugin',
        'HtmlRspackPlugin',
        'StartupPreloadPlugin',
        'CopyRspackPlugin',
        'GeneratedFilesPlugin',
        'DefinePlugin',
      ],
    ],
    [
      'shell',
      'development',
      [
        'HtmlRspackPlugin',
        'StartupPreloadPlugin',
        'CopyRspackPlugin',
        'GeneratedFilesPlugin',
        'ReactRefreshRspackPlugin',
        'NormalModuleReplacementPlugin',
        'DefinePlugin',
      ],
    ],
    ...REMOTES.map(
      (name) =>
        [
          name,
          'production',
          [
            'HtmlRspackPlugin',
            'GeneratedFilesPlugin',
            'AutoPublicPathNoticePlugin',
            'ModuleFederationPlugin',
            'ExposeContractPlugin',
          ],
        ] as const,
    ),
    [
      'careers',
      'development',
      [
        'HtmlRspackPlugin',
        'GeneratedFilesPlugin',
        'ReactRefreshRspackPlugin',
        'NormalModuleReplacementPlugin',
        'AutoPublicPathNoticePlugin',
        'ModuleFederationPlugin',
        'ExposeContractPlugin',
      ],
    ],
  ] as const)('%s, %s', (name, mode, plugins) => {
    expect(pluginNames(config(name, mode))).toEqual(plugins);
  });
});

describe('entry and output', () => {
  it.each(APPS)('%s: one entry, hashed names in production only, its own unique name', (name) => {
    const production = config(name, 'production');
    expect(production).toMatchObject({
      mode: 'production',
      context: appDir(name),
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(appDir(name), 'dist'),
        publicPath: name === 'shell' ? '/' : 'auto',
        filename: '[name].[contenthash:10].js',
        chunkFilename: '[name].[contenthash:10].js',
        uniqueName: `agentora_${name}`,
      },
      devtool: false,
      // The standalone runtime is another compilation's file in the same folder.
      keeps: [`dist/${STANDALONE_RUNTIME_FILE}`],
    });
    expect(config(name, 'development')).toMatchObject({
      output: { filename: '[name].js', chunkFilename: '[name].js' },
      devtool: 'cheap-module-source-map',
    });
  });

  it('goes where the options say, served on the port they say, for production by default', () => {
    const [built] = made[STANDARD.length]!;
    expect(built).toMatchObject({
      mode: 'production',
      output: { path: '/tmp/out' },
      devServer: { port: 9999 },
    });
  });
});

describe('sources', () => {
  it.each(APPS)('%s: TypeScript through swc, styled-components ids under its name', (name) => {
    for (const mode of MODES) {
      const { rules } = config(name, mode).module as { rules: Array<Record<string, never>> };
      expect(rules).toEqual([
        expect.objectContaining({
          loader: 'builtin:swc-loader',
          options: expect.objectContaining({
            jsc: expect.objectContaining({
              transform: {
                react: {
                  runtime: 'automatic',
                  development: mode !== 'production',
                  refresh: mode === 'development',
                },
              },
              experimental: expect.objectContaining({
                plugins: [
                  [
                    expect.stringContaining('plugin-styled-components'),
                    { ssr: true, displayName: mode !== 'production', namespace: name },
                  ],
                ],
              }),
            }),
          }),
        }),
      ]);
    }
  });

  it('the shell resolves the router to the lean module it shares; remotes, to the package', () => {
    expect(config('shell', 'production').resolve).toMatchObject({
      alias: { 'react-router-dom$': SHARED_ROUTER_MODULE },
    });
    for (const name of REMOTES)
      expect(config(name, 'production').resolve).not.toHaveProperty('alias');
  });
});

describe('pages', () => {
  it('the shell: its index.html preloading the runtime config; in production also the prerender’s template', () => {
    const [page, template] = pluginsNamed(config('shell', 'production'), 'HtmlRspackPlugin');
    expect(argsOf(page!)).toMatchObject({
      template: path.join(appDir('shell'), 'index.html'),
      templateParameters: { runtimeConfigPreload: expect.stringContaining('runtime-config.json') },
      scriptLoading: 'defer',
      minify: true,
    });
    expect(argsOf(template!)).toMatchObject({
      filename: PAGE_TEMPLATE_FILE,
      templateParameters: { runtimeConfigPreload: '' },
      inject: 'body',
    });
    expect(pluginsNamed(config('shell', 'development'), 'HtmlRspackPlugin')).toHaveLength(1);
  });

  it.each(REMOTES)(
    '%s: its standalone page, running its own entry after the standalone runtime',
    (name) => {
      const [page] = pluginsNamed(config(name, 'production'), 'HtmlRspackPlugin');
      expect(argsOf(page!)).toMatchObject({
        template: path.join(ROOT, 'tools/mf-config/templates/remote-standalone.html'),
        templateParameters: { remoteName: name, standaloneRuntimeFile: STANDALONE_RUNTIME_FILE },
        chunks: ['main'],
      });
    },
  );
});

describe('files besides the code', () => {
  it.each(APPS)('%s ships the local runtime config and the files it is given', (name) => {
    const [generated] = pluginsNamed(config(name, 'production'), 'GeneratedFilesPlugin');
    expect(JSON.parse(generated!.files!['runtime-config.json']!)).toEqual(
      localRuntimeConfig({ hostname: '127.0.0.1' }),
    );
    expect(generated!.files!['sitemap.xml']).toBe('<urlset/>');
  });
});

describe('Module Federation', () => {
  it('the shell is built without the plugin, knowing only what it provides', () => {
    const [define] = pluginsNamed(config('shell', 'production'), 'DefinePlugin');
    expect(Object.keys(argsOf(define!))).toEqual(['__AGENTORA_PROVIDED_SHARED__']);
  });

  it.each(REMOTES)('%s exposes the contract’s modules over the one shared map', (name) => {
    const [federation] = pluginsNamed(config(name, 'production'), 'ModuleFederationPlugin');
    expect(federation!._options).toMatchObject({
      name,
      filename: 'remoteEntry.js',
      exposes: exposesMap(name),
      shared: sharedMap(),
      shareStrategy: 'loaded-first',
      dts: false,
      experiments: { externalRuntime: true, optimization: { target: 'web' } },
    });
    expect(pluginsNamed(config(name, 'production'), 'ExposeContractPlugin')).toEqual([
      { class: 'ExposeContractPlugin', remote: name },
    ]);
  });

  it('a build’s shared overrides reach its shared map', () => {
    const [built] = made[STANDARD.length]!;
    const [federation] = pluginsNamed(built!, 'ModuleFederationPlugin');
    expect((federation!._options!.shared as Record<string, object>).react).toEqual({
      singleton: true,
      requiredVersion: '^99.0.0',
    });
  });
});

describe('chunks and the dev server', () => {
  it.each(APPS)(
    '%s: deterministic ids; its dev server on its port, compiling every chunk, a save’s changes gathered into one compile',
    (name) => {
      expect(config(name, 'development')).toMatchObject({
        optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
        lazyCompilation: false,
        watchOptions: { aggregateTimeout: 200 },
        devServer: { port: LOCAL_PORTS[name], host: '127.0.0.1', hot: true },
      });
    },
  );

  it('only the shell puts what two of its start-up chunks need into one chunk', () => {
    expect(config('shell', 'production').optimization).toMatchObject({
      splitChunks: {
        cacheGroups: { sharedByAsyncChunks: { chunks: 'async', minChunks: 2, minSize: 0 } },
      },
    });
    for (const name of REMOTES)
      expect(config(name, 'production').optimization).not.toHaveProperty('splitChunks');
  });
});

describe('createBuildConfigs', () => {
  it.each(APPS)(
    '%s: the browser build, the server build in production, a remote’s standalone runtime',
    (name) => {
      const standalone = name === 'shell' ? [] : ['standalone-runtime'];
      expect(builds(name, 'production').map((built) => built.name)).toEqual([
        name,
        `${name}-server`,
        ...standalone,
      ]);
      expect(builds(name, 'development').map((built) => built.name)).toEqual([name, ...standalone]);
      const [browser, server, runtime] = builds(name, 'production');
      expect(server).toMatchObject({
        mode: 'production',
        resolve: browser!.resolve,
        module: browser!.module,
      });
      if (runtime)
        expect(runtime).toMatchObject({
          mode: 'production',
          output: {
            path: path.join(appDir(name), 'dist'),
            filename: STANDALONE_RUNTIME_FILE,
            clean: false,
            iife: true,
          },
          resolve: browser!.resolve,
          module: browser!.module,
        });
    },
  );
});
