import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The committed package-lock.json is complete: it names every platform's optional binary (rspack's,
// resvg's, …), not only this machine's, so `npm install` on a fresh clone leaves it unchanged and
// `npm ci` installs the same tree on any machine. Every workflow installs with `npm ci`.
const root = path.resolve(__dirname, '../../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};

/** Where npm would find `name` for the package at `at`: its own node_modules, then each parent's. */
function resolves(at: string, name: string): boolean {
  for (let dir = at; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
    if (`${dir ? `${dir}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (!dir.includes('node_modules')) return `node_modules/${name}` in lock.packages;
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, whatever platform it is for', () => {
    expect(lock.lockfileVersion).toBe(3);
    const missing = Object.entries(lock.packages).flatMap(([at, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(at, name))
        .map((name) => `${at || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('is what every workflow installs from, with npm ci', () => {
    const workflows = path.join(root, '.github', 'workflows');
    for (const file of readdirSync(workflows).filter((name) => name.endsWith('.yml'))) {
      const text = readFileSync(path.join(workflows, file), 'utf8');
      expect([file, text.match(/\bnpm install\b/g) ?? []]).toEqual([file, []]);
      // A workflow that sets Node up installs the workspace, from the lockfile.
      if (text.includes('actions/setup-node@'))
        expect([file, /run: npm ci --no-audit --no-fund/.test(text)]).toEqual([file, true]);
    }
  });
});
