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
