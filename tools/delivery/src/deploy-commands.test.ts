import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The commands a team (and CI) runs: `npm run deploy` and `npm run release`, as processes.
const root = path.resolve(import.meta.dirname, '../../..');
const run = (script: string, ...args: string[]) =>
  spawnSync(
    process.execPath,
    [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      path.join(root, 'tools/delivery/src', script),
      ...args,
    ],
    { cwd: root, encoding: 'utf8' },
  );

describe.each([
  ['deploy-main.ts', ['--prebuilt', '--site', '--dry-run', '--first-deploy', '--runtime-config']],
  [
    'release-main.ts',
    ['deploy', 'canary', 'promote', 'rollback', 'status', '--shell-dir', '--dry-run'],
  ],
])('%s', (script, documented) => {
  it('answers --help with its usage, and exit 0', () => {
    const result = run(script, '--help');
    expect(result.status).toBe(0);
    for (const word of documented) expect(result.stdout).toContain(word);
  });

  it('answers a wrong argument with one line (and where to look), and exit 2, touching nothing', () => {
    for (const args of [['--no-such-option'], ['no-such-app'], []]) {
      const result = run(script, ...args);
      expect(result.status).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(2);
      expect(result.stderr).toMatch(/--help\)$/m);
    }
  });
});

describe("CI's deploy job", () => {
  const workflow = fs.readFileSync(path.join(root, '.github/workflows/deploy-app.yml'), 'utf8');

  it('runs the documented command, on the build the run made', () => {
    const runs = [...workflow.matchAll(/^\s+(?:- )?run: (.+)$/gm)].map((match) => match[1]);
    expect(runs).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run deploy -- "${{ inputs.app }}" --prebuilt --site "${{ vars.SITE_URL }}"',
    ]);
  });

  it('gives the Cloudflare credentials to that step alone, never to the install', () => {
    const steps = workflow.split(/\n(?=\s+- )/);
    const withSecrets = steps.filter((step) => step.includes('secrets.CLOUDFLARE'));
    expect(withSecrets).toHaveLength(1);
    expect(withSecrets[0]).toContain('npm run deploy --');
    expect(withSecrets[0]).toContain('CLOUDFLARE_API_TOKEN: ${{ secrets.CLOUDFLARE_API_TOKEN }}');
    expect(withSecrets[0]).toContain('CLOUDFLARE_ACCOUNT_ID: ${{ secrets.CLOUDFLARE_ACCOUNT_ID }}');
  });
});
