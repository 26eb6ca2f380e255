import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { type AffectedProjects, startAffectedProjects } from './test-support/affected-projects.ts';

// Proves the promise CI relies on: a change builds and tests only what it affects. Runs Nx on a
// scratch git copy of the workspace (tracked files only, node_modules linked), commits it, then
// changes one file at a time and asks Nx what `nx show projects --affected` prints against that
// commit: the CLI's own handler, in one Nx process for the whole file
// (test-support/affected-projects.ts).
const root = path.resolve(__dirname, '../../..');
const APPS = [
  '@agentora/backoffice',
  '@agentora/careers',
  '@agentora/content',
  '@agentora/shell',
  '@agentora/signups',
];
const E2E_OWNERS = ['careers', 'console', 'content', 'shell', 'signups', 'site'].map(
  (owner) => `@agentora/e2e-${owner}`,
);

let scratch: string;

function git(...args: string[]) {
  return execFileSync('git', args, {
    cwd: scratch,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

let nx: AffectedProjects;

/** The environment Nx runs with here: no daemon, no cloud, its cache inside the scratch copy. */
const nxEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_ISOLATE_PLUGINS: 'false',
  NX_CACHE_DIRECTORY: path.join(scratch, '.nx-cache'),
});

/** What `nx show projects --affected` prints while `file` is changed. */
async function printedWhileChanged(file: string, print: () => Promise<string>): Promise<string> {
  fs.appendFileSync(path.join(scratch, file), '\n// changed\n');
  try {
    return await print();
  } finally {
    git('checkout', '--', file);
  }
}

async function affectedBy(file: string, target?: string): Promise<string[]> {
  const output = await printedWhileChanged(file, () => nx.printed('HEAD', target));
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-affected-'));
  const tracked = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of tracked) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.copyFileSync(from, path.join(scratch, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
  fs.writeFileSync(path.join(scratch, '.gitignore'), 'node_modules\n.nx\n.nx-cache\n');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=ci', '-c', 'user.email=ci@agentora.ai', 'commit', '-qm', 'baseline');
  nx = await startAffectedProjects(scratch, nxEnv());
});

afterAll(() => {
  nx?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

// The answers below come from Nx's handler called in one process (test-support/affected-projects.ts),
// which relies on Nx's internals; this holds it to what the CLI itself prints, once.
it('answers as the nx CLI does', async () => {
  const file = 'apps/careers/src/exposed/CareersPage.tsx';
  const args = ['show', 'projects', '--affected', '--base=HEAD', '-t', 'e2e'];
  const cli = await printedWhileChanged(file, async () =>
    execFileSync(path.join(root, 'node_modules/.bin/nx'), args, {
      cwd: scratch,
      encoding: 'utf8',
      env: nxEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  expect(await printedWhileChanged(file, () => nx.printed('HEAD', 'e2e'))).toBe(cli);
});

it('a change inside one remote builds only that remote', async () => {
  expect(await affectedBy('apps/careers/src/exposed/CareersPage.tsx', 'build')).toEqual([
    '@agentora/careers',
  ]);
  expect(await affectedBy('apps/careers/src/exposed/CareersPage.tsx')).toEqual([
    '@agentora/careers',
    '@agentora/e2e-careers',
    '@agentora/e2e-site',
  ]);
  // The end-to-end suites it runs: careers' own, and the site's smoke (docs/development.md).
  expect(await affectedBy('apps/careers/src/exposed/CareersPage.tsx', 'e2e')).toEqual([
    '@agentora/e2e-careers',
    '@agentora/e2e-site',
  ]);
});

it("a change in the shell runs every owner's suite; the shell's own suite runs for nothing else", async () => {
  expect(await affectedBy('apps/shell/src/layout/Footer.tsx', 'e2e')).toEqual(E2E_OWNERS);
  // The suites' common Playwright config and support: every suite.
  expect(await affectedBy('e2e/playwright.config.ts', 'e2e')).toEqual(E2E_OWNERS);
  expect(await affectedBy('e2e/support/site.ts', 'e2e')).toEqual(E2E_OWNERS);
  expect(await affectedBy('apps/content/src/pages/blog/BlogPage.tsx', 'e2e')).toEqual([
    '@agentora/e2e-content',
    '@agentora/e2e-signups',
    '@agentora/e2e-site',
  ]);
});

it("a change in a lib affects that lib's dependents and nothing else", async () => {
  const formsDependents = await affectedBy('libs/forms/src/validation/email.ts');
  // The data-backend-tests run the forms' bot check with the local server's stand-in widget script.
  expect(formsDependents).toEqual([
    '@agentora/careers',
    '@agentora/content',
    '@agentora/data-backend-tests',
    '@agentora/e2e-careers',
    '@agentora/e2e-content',
    '@agentora/e2e-signups',
    '@agentora/e2e-site',
    '@agentora/forms',
    '@agentora/signups',
  ]);
  expect(formsDependents).not.toContain('@agentora/shell');
  expect(formsDependents).not.toContain('@agentora/e2e-shell');
  expect(await affectedBy('libs/ui/src/primitives/Card.ts', 'build')).toEqual(APPS);
});

it('a change to the shared Module Federation config rebuilds every app', async () => {
  expect(await affectedBy('tools/mf-config/src/shared.ts', 'build')).toEqual(APPS);
});

it("a change in the backend's shared rules reaches the libs that share them and their apps", async () => {
  const rule = 'supabase/functions/_shared/rules/email-address.ts';
  expect(await affectedBy(rule)).toEqual(
    expect.arrayContaining([
      '@agentora/backend-rules',
      '@agentora/backend',
      '@agentora/forms',
      '@agentora/data',
      '@agentora/local-supabase',
      '@agentora/e2e',
      ...APPS,
    ]),
  );
  expect(await affectedBy(rule, 'build')).toEqual(APPS);
  // So does an answer's type, which the site's calls read.
  expect(await affectedBy('supabase/functions/_shared/rules/function-answers.ts', 'build')).toEqual(
    APPS,
  );
});

// The apps share only @agentora/backend-rules with the backend (docs/backend.md, "What the site
// shares"), and the site's calls are tested against the backend in a project of their own
// (@agentora/data-backend-tests), so the rest of supabase/ reaches no app.
it("a migration or a function's handler builds and deploys no app", async () => {
  for (const file of [
    'supabase/migrations/20250901000100_retention.sql',
    'supabase/functions/csp-report/handler.ts',
    'supabase/functions/_shared/mail-queue/drain.ts',
  ]) {
    expect([file, await affectedBy(file, 'build')]).toEqual([file, []]);
    const affected = await affectedBy(file);
    expect(affected).toEqual(
      expect.arrayContaining([
        '@agentora/backend',
        '@agentora/local-supabase',
        '@agentora/data-backend-tests',
        ...E2E_OWNERS,
      ]),
    );
    const shared = [...APPS, '@agentora/data', '@agentora/forms', '@agentora/backend-rules'];
    expect([file, affected.filter((project) => shared.includes(project))]).toEqual([file, []]);
  }
});

it("a change in a migration tests the backend, the local server, the site's calls and the e2e suite", async () => {
  expect(await affectedBy('supabase/migrations/20250901000100_retention.sql', 'test')).toEqual(
    expect.arrayContaining([
      '@agentora/backend',
      '@agentora/local-supabase',
      '@agentora/data-backend-tests',
    ]),
  );
  expect(await affectedBy('supabase/migrations/20250901000100_retention.sql', 'e2e')).toEqual(
    E2E_OWNERS,
  );
  // The local server's own database tests (Auth, grants) run the migrations on PostgreSQL too.
  expect(
    await affectedBy('supabase/migrations/20250901000100_retention.sql', 'test-postgres'),
  ).toEqual(['@agentora/backend', '@agentora/local-supabase']);
});
