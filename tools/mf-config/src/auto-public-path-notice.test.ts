import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { AUTO_PUBLIC_PATH_NOTICE } from './auto-public-path-notice';

// @rspack/core is ESM-only, so the builds run in a child Node process (as `rspack build` does): a
// one-module remote with publicPath 'auto', as every remote's browser build has it.
const BUILD_SCRIPT = `
const { rspack } = await import('@rspack/core');
const { ModuleFederationPlugin } = await import('@module-federation/enhanced/rspack');
const { AutoPublicPathNoticePlugin } = await import(process.env.PLUGIN_MODULE);
const { dir, quiet } = JSON.parse(process.env.BUILD_CASE);
const compiler = rspack({
  mode: 'production',
  context: dir,
  entry: './index.js',
  output: { path: dir + '/dist', publicPath: 'auto' },
  plugins: [
    ...(quiet ? [new AutoPublicPathNoticePlugin()] : []),
    new ModuleFederationPlugin({ name: 'careers', filename: 'remoteEntry.js', exposes: { './Answer': './index.js' }, dts: false }),
  ],
});
compiler.run((error, stats) => {
  if (error) throw error;
  // What else the same logger says, and the same words from another logger, still print.
  compiler.getInfrastructureLogger('Module Federation Manifest Plugin').warn('another warning');
  compiler.getInfrastructureLogger('another plugin').warn(process.env.NOTICE);
  console.log(JSON.stringify({ errors: stats.toJson({ all: false, errors: true }).errors.length }));
  compiler.close(() => {});
});
`;

describe('AutoPublicPathNoticePlugin', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auto-public-path-'));
    fs.writeFileSync(path.join(dir, 'index.js'), 'export const answer = 42;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function build(quiet: boolean): { printed: string; errors: number } {
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '--disable-warning=ExperimentalWarning', '-e', BUILD_SCRIPT],
      {
        cwd: __dirname,
        env: {
          ...process.env,
          PLUGIN_MODULE: path.join(__dirname, 'auto-public-path-notice.ts'),
          BUILD_CASE: JSON.stringify({ dir, quiet }),
          NOTICE: AUTO_PUBLIC_PATH_NOTICE,
        },
        encoding: 'utf8',
      },
    );
    expect(child.status).toBe(0);
    return {
      // Without colours: a terminal (FORCE_COLOR) gets the plugin's name in cyan.
      printed: stripVTControlCharacters(child.stdout + child.stderr),
      errors: JSON.parse(child.stdout.trim().split('\n').at(-1)!).errors,
    };
  }

  it('the manifest plugin warns of the auto public path on its own', () => {
    const { printed } = build(false);
    expect(printed).toContain(
      `[Module Federation Manifest Plugin] [ Module Federation Manifest Plugin ] ${AUTO_PUBLIC_PATH_NOTICE}`,
    );
  });

  it('drops that warning alone: the build and the plugin’s other lines are as before', () => {
    const quiet = build(true);
    expect(quiet.errors).toBe(0);
    expect(quiet.printed).not.toContain(`Manifest Plugin ] ${AUTO_PUBLIC_PATH_NOTICE}`);
    expect(quiet.printed).toContain('[Module Federation Manifest Plugin] another warning');
    expect(quiet.printed).toContain(`[another plugin] ${AUTO_PUBLIC_PATH_NOTICE}`);
    expect(fs.existsSync(path.join(dir, 'dist/mf-manifest.json'))).toBe(true);
    expect(
      JSON.parse(fs.readFileSync(path.join(dir, 'dist/mf-manifest.json'), 'utf8')),
    ).toMatchObject({
      metaData: { publicPath: 'auto' },
    });
  });
});
