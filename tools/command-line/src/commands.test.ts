import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every command a person runs from the README and docs/ (the root package.json's scripts that run a
// tool's file with node): --help prints its usage and exits 0; a wrong argument prints one line and
// exits 2, before anything is read, built or changed, and before any third-party package is loaded,
// so that both answer at once on a busy machine (the bench's --help took a minute while it loaded
// Playwright and Lighthouse).
const root = path.resolve(import.meta.dirname, '../../..');
const scripts = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
/** How a person types it: npm runs `start` without `run`. */
const spelled = (name: string) => (name === 'start' ? 'npm start' : `npm run ${name}`);
const COMMANDS = Object.entries(scripts).flatMap(([name, script]) => {
  const match = /^node (?:--[\w=-]+ )*(\S+\.ts)$/.exec(script);
  return match ? [{ name, command: spelled(name), file: path.join(root, match[1]!) }] : [];
});
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const recorder = path.join(import.meta.dirname, 'test-support/loaded-packages.ts');
let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-commands-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs the command's file as npm does, and says which third-party packages it loaded. */
function run({ name, file }: (typeof COMMANDS)[number], ...args: string[]) {
  const record = path.join(scratch, `${name.replace(/\W/g, '-')}${args.join('')}.json`);
  const result = spawnSync(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', `--import=${recorder}`, file, ...args],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, SUPABASE_URL: '', AGENTORA_LOADED_PACKAGES: record },
    },
  );
  const packages = fs.existsSync(record)
    ? (JSON.parse(fs.readFileSync(record, 'utf8')) as string[])
    : ['(the process ended without its record)'];
  return { ...result, packages };
}

it("finds the repo's commands in package.json", () => {
  expect(COMMANDS.map((command) => command.name)).toEqual(
    expect.arrayContaining([
      'start',
      'deploy',
      'release',
      'staff',
      'load',
      'bench',
      'resume-url',
      'expire-applications',
      'db:diff',
      'test:timings',
    ]),
  );
});

describe.each(COMMANDS)('$command', (command) => {
  it('answers --help with its usage, and exit 0, having loaded no third-party package', () => {
    const result = run(command, '--help');
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`usage: ${escape(command.command)}\\b`));
    expect(result.status).toBe(0);
    expect(result.packages).toEqual([]);
  });

  it('answers an unknown option with one line, and exit 2, having loaded no third-party package', () => {
    const result = run(command, '--no-such-option');
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      new RegExp(`^(${escape(command.command)}|${escape(command.name)}): .*--no-such-option`),
    );
    expect(result.status).toBe(2);
    expect(result.packages).toEqual([]);
  });
});
