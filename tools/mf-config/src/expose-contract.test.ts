import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { exposeContractError, exposeMismatch } from './expose-contract';

const exposes = (...paths: string[]) => paths.map((p) => ({ path: p }));

describe('exposeMismatch', () => {
  it('is empty when the manifest exposes exactly the contract', () => {
    expect(
      exposeMismatch('careers', { name: 'careers', exposes: exposes('./CareersPage') }),
    ).toEqual({ missing: [], extra: [] });
    expect(
      exposeContractError('careers', { name: 'careers', exposes: exposes('./CareersPage') }),
    ).toBeUndefined();
  });

  it('names each contract entry a build left out, and each module the contract does not list', () => {
    const manifest = {
      name: 'signups',
      exposes: exposes(
        './WaitlistPage',
        './FooterNewsletter',
        './EmailConfirmPage',
        './EmailUnsubscribePage',
        './PrivacyRequestPage',
        './EmailPlacePage',
        './Debug',
      ),
    };
    expect(exposeMismatch('signups', manifest)).toEqual({
      missing: ['./EarlyAccessSection', './NewsletterSignup'],
      extra: ['./Debug'],
    });
    expect(exposeContractError('signups', manifest)).toBe(
      'The "signups" build breaks its contract in libs/contracts/src/index.ts: it does not expose ./EarlyAccessSection, ./NewsletterSignup; ' +
        "it exposes ./Debug, which the contract does not list. Add the module to the contract (REMOTE_EXPOSES and the remote's interface) or to src/exposed/, so both agree.",
    );
  });

  it("refuses another remote's manifest", () => {
    expect(
      exposeContractError('careers', { name: 'content', exposes: exposes('./CareersPage') }),
    ).toBe('mf-manifest.json is named "content", but this build is the "careers" remote.');
  });
});

// @rspack/core is ESM-only, so the real builds run in a child Node process (as `rspack build` does).
const BUILD_SCRIPT = `
  const { rspack } = await import('@rspack/core');
  const { ExposeContractPlugin } = await import(process.env.PLUGIN_MODULE);
  const { dir, manifest } = JSON.parse(process.env.BUILD_CASE);
  // Writes "mf-manifest.json" at the stage Module Federation's manifest plugin does.
  const fakeManifestWriter = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('fake-mf-manifest', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'fake-mf-manifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, () => {
          if (manifest) compilation.emitAsset('mf-manifest.json', new compiler.webpack.sources.RawSource(JSON.stringify(manifest)));
        });
      });
    },
  };
  const compiler = rspack({ mode: 'production', context: dir, entry: './index.js', output: { path: dir + '/dist' }, plugins: [fakeManifestWriter, new ExposeContractPlugin('careers')] });
  compiler.run((error, stats) => {
    if (error) throw error;
    const json = stats.toJson({ all: false, errors: true, assets: true });
    console.log(JSON.stringify({ errors: json.errors.map((e) => e.message), emitted: json.assets.filter((a) => a.emitted).map((a) => a.name) }));
    compiler.close(() => {});
  });
`;

describe('ExposeContractPlugin in a build', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'expose-contract-'));
    fs.writeFileSync(path.join(dir, 'index.js'), 'export const answer = 42;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Builds a one-file "careers" app whose Module Federation stand-in writes `manifest`. */
  function build(manifest: object | undefined): { errors: string[]; emitted: string[] } {
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '--disable-warning=ExperimentalWarning', '-e', BUILD_SCRIPT],
      {
        cwd: __dirname,
        env: {
          ...process.env,
          PLUGIN_MODULE: path.join(__dirname, 'expose-contract.ts'),
          BUILD_CASE: JSON.stringify({ dir, manifest }),
        },
        encoding: 'utf8',
      },
    );
    return JSON.parse(output.trim().split('\n').at(-1)!);
  }

  it('fails the build, emitting nothing, when the manifest lacks a contract module', () => {
    const { errors, emitted } = build({ name: 'careers', exposes: [] });
    expect(errors).toEqual([
      expect.stringContaining(
        'The "careers" build breaks its contract in libs/contracts/src/index.ts: it does not expose ./CareersPage.',
      ),
    ]);
    expect(emitted).toEqual([]);
  });

  it('fails the build when the manifest exposes a module the contract does not list', () => {
    expect(
      build({ name: 'careers', exposes: exposes('./CareersPage', './AdminPage') }).errors,
    ).toEqual([
      expect.stringContaining('it exposes ./AdminPage, which the contract does not list'),
    ]);
  });

  it('fails the build when no manifest was written', () => {
    expect(build(undefined).errors).toEqual([
      expect.stringContaining('The "careers" build wrote no mf-manifest.json'),
    ]);
  });

  it('lets a build that honours the contract through', () => {
    const { errors, emitted } = build({ name: 'careers', exposes: exposes('./CareersPage') });
    expect(errors).toEqual([]);
    expect(emitted).toEqual(expect.arrayContaining(['mf-manifest.json', 'main.js']));
  });
});
