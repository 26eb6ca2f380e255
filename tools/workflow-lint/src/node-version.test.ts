import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// One place says which Node the repository runs: .nvmrc. Every workflow's setup-node reads it, and the
// root package.json's `engines` and its `node` devDependency (what `npm install` brings) agree with it.
const root = path.resolve(__dirname, '../../..');
const major = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const workflows = path.join(root, '.github', 'workflows');

describe('the Node version', () => {
  it('.nvmrc names a major version', () => {
    expect(major).toMatch(/^\d+$/);
  });

  it('is what every workflow sets up, read from .nvmrc', () => {
    for (const file of readdirSync(workflows).filter((name) => name.endsWith('.yml'))) {
      const text = readFileSync(path.join(workflows, file), 'utf8');
      const setups = text.split('uses: actions/setup-node@').slice(1);
      for (const setup of setups) {
        const step = setup.split(/\n\s*- /)[0];
        expect([file, /node-version-file: \.nvmrc/.test(step)]).toEqual([file, true]);
        expect([file, /node-version:/.test(step)]).toEqual([file, false]);
      }
    }
  });

  it('is what package.json requires and brings', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
      devDependencies: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${major}`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${major}\\.`));
  });
});

describe('npm install on an older Node', () => {
  const note = (agent: string) =>
    spawnSync(process.execPath, [path.join(root, 'tools/dev/src/install-note.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_user_agent: agent },
    });

  it('keeps npm to its errors, and says in one line which Node the scripts run on', () => {
    expect(readFileSync(path.join(root, '.npmrc'), 'utf8')).toMatch(/^loglevel=error$/m);
    const older = note('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false');
    expect(older.stdout.trim().split('\n')).toEqual([
      `Node 20.20 runs npm here; every npm script runs on the repo's own Node ${major} (the \`node\` devDependency in node_modules/.bin), so there is nothing else to install.`,
    ]);
    expect(note(`npm/11.19.1 node/v${major}.1.0 linux x64`).stdout).toBe('');
  });
});
