import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const packageRoot = path.resolve(__dirname, '..');
const main = path.join(packageRoot, 'src', 'main.ts');
const repoWorkflows = path.resolve(packageRoot, '../../.github/workflows');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the checker as the lint target does: `node src/main.ts [paths]`. */
function runChecker(...targets: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [main, ...targets],
      { cwd: packageRoot },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const validWorkflow = `name: Fine
on:
  push:
    branches: [main]
permissions:
  contents: read
jobs:
  deploy:
    runs-on: [self-hosted, previews-host]
    steps:
      - uses: actions/checkout@v4
`;

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'workflow-lint-'));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

test("every workflow in the repository's .github/workflows passes", async () => {
  const run = await runChecker();
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const workflows = (await readdir(repoWorkflows)).filter((name) => /\.ya?ml$/.test(name));
  expect(workflows).toEqual(expect.arrayContaining(['ci.yml', 'backend.yml']));
  for (const name of workflows) expect(run.stdout).toContain(`.github/workflows/${name}`);
  expect(run.stdout).toContain(`${workflows.length} workflow files checked with actionlint`);
});

test('a broken workflow fails, with each mistake reported where it is', async () => {
  const run = await runChecker(path.join(packageRoot, 'fixtures', 'broken'));
  expect(run.code).toBe(1);
  const fixture = 'tools/workflow-lint/fixtures/broken/broken.yml';
  expect(run.stdout).toContain(`${fixture}:15:5: unexpected key "timeout" for "job" section`);
  expect(run.stdout).toMatch(
    /:19:3: job "deploy" needs job "biuld" which does not exist.*\[job-needs\]/,
  );
  expect(run.stdout).toMatch(/:29:28: label "statik-host" is unknown.*\[runner-label\]/);
  expect(run.stdout).toMatch(/:32:24: property "refs" is not defined.*\[expression\]/);
  expect(run.stderr).toContain('workflow-lint: 4 problems in 1 workflow file');
});

test('our self-hosted runner label is known; the workflow passes', async () => {
  await writeFile(path.join(scratch, 'deploy.yml'), validWorkflow);
  const run = await runChecker(scratch);
  expect(run.stdout).not.toContain('[runner-label]');
  expect(run.code).toBe(0);
});

test('a file GitHub would not run, in the workflows folder, fails', async () => {
  await writeFile(path.join(scratch, 'deploy.yml'), validWorkflow);
  await writeFile(path.join(scratch, 'release.yml.disabled'), validWorkflow);
  const run = await runChecker(scratch);
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('release.yml.disabled: not a workflow');
});

test('an empty folder fails instead of passing with nothing checked', async () => {
  const run = await runChecker(scratch);
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('no workflow files here');
});

test('a path that is not there stops the check (exit 2)', async () => {
  const run = await runChecker(path.join(scratch, 'missing'));
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('ENOENT');
});
