import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_EXPOSES } from '@agentora/contracts';
import { deployApp } from './deploy';
import { deployRelease } from './releases';

// `npm run release` and `npm run deploy` as a person runs them, on local folders: an older build is
// refused with one line and exit 1, as every other refusal of theirs; a wrong option with exit 2.
// Commits are this checkout's own: HEAD and its parent.
const root = path.resolve(import.meta.dirname, '../../..');
const command = (script: string, ...args: string[]) =>
  spawnSync(
    process.execPath,
    [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      path.join(import.meta.dirname, script),
      ...args,
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

describe('npm run release, refusing an older build', () => {
  let work: string;
  let shellDir: string;
  let hostDir: string;
  const head = git('rev-parse', 'HEAD');
  const parent = git('rev-parse', 'HEAD^');
  const liveConfig = () => fs.readFileSync(path.join(shellDir, 'runtime-config.json'), 'utf8');

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-release-command-'));
    [shellDir, hostDir] = ['shell', 'careers'].map((name) => path.join(work, name)) as [
      string,
      string,
    ];
    const build = path.join(work, 'build');
    fs.mkdirSync(build);
    fs.mkdirSync(shellDir);
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html>');
    fs.writeFileSync(
      path.join(build, 'mf-manifest.json'),
      JSON.stringify({
        id: 'careers',
        name: 'careers',
        metaData: {},
        remotes: [],
        shared: [{ name: 'react', requiredVersion: '^19.0.0' }],
        exposes: REMOTE_EXPOSES.careers.map((name) => ({ path: name })),
      }),
    );
    deployApp(build, hostDir, { remote: true, commit: head });
    fs.writeFileSync(path.join(shellDir, 'index.html'), '<script>loader()</script>');
    fs.writeFileSync(
      path.join(shellDir, 'runtime-config.json'),
      JSON.stringify({
        remotes: {
          content: 'https://content.agentora.ai/mf-manifest.json',
          signups: 'https://signups.agentora.ai/mf-manifest.json',
          careers: 'https://careers.agentora.ai/mf-manifest.json',
          backoffice: 'https://backoffice.agentora.ai/mf-manifest.json',
        },
        supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
      }),
    );
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('canary of a release built from an older commit: one line, exit 1, the config as it was', () => {
    const before = liveConfig();
    const build = path.join(work, 'build');
    const id = deployRelease(build, hostDir, parent);
    const result = command(
      'release-main.ts',
      ...['canary', 'careers', '10', '--shell-dir', shellDir, '--host', hostDir],
      ...['--release', id],
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `release: careers's canary (https://careers.agentora.ai/releases/${id}/mf-manifest.json): ${parent} does not descend from ${head}, live now (an older build, or another branch): not putting it live.\n`,
    );
    expect(result.status).toBe(1);
    expect(liveConfig()).toBe(before);
  });

  it('refuses, with exit 2, what reads no build records or names no commit', () => {
    for (const [args, problem] of [
      [['promote', 'careers', '--shell-dir', shellDir], 'promote needs --host with --shell-dir.'],
      [
        ['rollback', 'careers', '--shell-dir', shellDir, '--older-build'],
        'rollback needs --host with --shell-dir.',
      ],
      [['promote', 'careers', '--older-build'], "--older-build is rollback's."],
      [['canary', 'careers', '10', '--commit', head], "--commit is deploy's."],
      [
        ['deploy', 'careers', '--host', hostDir, '--commit', 'HEAD'],
        'HEAD is not a commit: --commit takes the full SHA.',
      ],
    ] as const) {
      const result = command('release-main.ts', ...args);
      expect(result.stderr).toBe(`npm run release: ${problem} (npm run release -- --help)\n`);
      expect(result.status).toBe(2);
    }
    const deploy = command('deploy-main.ts', 'careers', '--commit', head.slice(0, 7));
    expect(deploy.stderr).toBe(
      `npm run deploy: ${head.slice(0, 7)} is not a commit: --commit takes the full SHA. (npm run deploy -- --help)\n`,
    );
    expect(deploy.status).toBe(2);
  });
});
