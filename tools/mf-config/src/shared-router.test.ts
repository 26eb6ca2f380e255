import fs from 'node:fs';
import path from 'node:path';
import * as sharedRouter from './shared-router';

const workspaceRoot = path.resolve(__dirname, '../../..');
const sourceRoots = ['apps', 'libs'].map((dir) => path.join(workspaceRoot, dir));
const isTestSupport = (file: string) =>
  /\.test\.tsx?$|\/test\/|\/test-support\/|\/testing\//.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !isTestSupport(full) ? [full] : [];
  });
}

/** Value names imported from react-router-dom by the code that is bundled (types are erased). */
function routerImports(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of sourceRoots.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
      for (const specifier of match[1]!.split(',').map((part) => part.trim())) {
        if (!specifier || specifier.startsWith('type ')) continue;
        const name = specifier.split(/\s+as\s+/)[0]!;
        byName.set(name, [...(byName.get(name) ?? []), path.relative(workspaceRoot, file)]);
      }
    }
  }
  return byName;
}

describe('the shared react-router-dom', () => {
  it('exports every name the bundled code imports from react-router-dom', () => {
    const imports = routerImports();
    expect(imports.size).toBeGreaterThan(0);
    const missing = [...imports]
      .filter(([name]) => !(name in sharedRouter))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('exports nothing the code does not use, so the rest is left out of the bundle', () => {
    expect(Object.keys(sharedRouter).sort()).toEqual([...routerImports().keys()].sort());
  });

  it('is the real router: the same functions react-router-dom exports', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const full = require('react-router-dom');
    for (const [name, value] of Object.entries(sharedRouter)) expect(value).toBe(full[name]);
  });
});
