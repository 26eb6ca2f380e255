import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Every command a person runs from the README and docs/ (the root package.json's scripts that start a
// tool): --help prints its usage and exits 0; a wrong argument prints one line and exits 2, before
// anything is read, built or changed.
const root = path.resolve(import.meta.dirname, '../../..');
const scripts = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const COMMANDS = [
  'deploy',
  'release',
  'staff',
  'load',
  'bench',
  'resume-url',
  'expire-applications',
  'schema',
];

/** The script file an npm script runs with node. */
function scriptFile(name: string): string {
  const match = /^node (?:--[\w=-]+ )*(\S+\.ts)$/.exec(scripts[name] ?? '');
  if (!match) throw new Error(`npm run ${name} is not "node <file>.ts": ${scripts[name]}`);
  return path.join(root, match[1]!);
}

const run = (name: string, ...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', scriptFile(name), ...args],
    { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SUPABASE_URL: '' } },
  );

describe.each(COMMANDS)('npm run %s', (name) => {
  it('answers --help with its usage, and exit 0', () => {
    const result = run(name, '--help');
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`usage: npm run ${name}\\b`));
    expect(result.status).toBe(0);
  });

  it('answers an unknown option with one line, and exit 2', () => {
    const result = run(name, '--no-such-option');
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^(npm run )?${name}: .*--no-such-option`));
    expect(result.status).toBe(2);
  });
});
