import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readWorkspaceProjects } from '@agentora/lint-rules/workspace-projects';
import { lintedProjects, typecheckedProjects } from './project-scripts';

// The workspace-wide checks take their lists from the package.json scripts; Nx runs the targets those
// scripts become. Asked here of Nx itself (its project graph), so that a project Nx would lint or
// typecheck and the workspace-wide check would not is a failing test.
const workspaceRoot = path.resolve(__dirname, '../../..');

interface Target {
  executor?: string;
  options?: { script?: string };
  dependsOn?: (string | { projects?: string | string[]; target: string })[];
}
let targets: Record<string, Record<string, Target>>;

beforeAll(() => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nx-graph-')), 'graph.json');
  execFileSync(path.join(workspaceRoot, 'node_modules/.bin/nx'), ['graph', `--file=${file}`], {
    cwd: workspaceRoot,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    stdio: 'ignore',
  });
  const { graph } = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(path.dirname(file), { recursive: true });
  targets = Object.fromEntries(
    Object.entries(
      graph.nodes as Record<string, { data: { targets: Record<string, Target> } }>,
    ).map(([name, node]) => [name, node.data.targets]),
  );
}, 120_000);

const withTarget = (target: string) =>
  Object.keys(targets)
    .filter((name) => targets[name][target])
    .sort();

const projects = readWorkspaceProjects(workspaceRoot);

it.each(['typecheck', 'lint'])(
  'every project Nx runs %s on is in the workspace-wide one',
  (name) => {
    const derived = (
      name === 'lint' ? lintedProjects(projects) : typecheckedProjects(projects)
    ).map((project) => project.name);
    expect(derived.sort()).toEqual(withTarget(name));
    expect(derived.length).toBeGreaterThan(40);
    // ... and what Nx runs for it is the script read here.
    for (const project of derived)
      expect(targets[project][name]).toMatchObject({
        executor: 'nx:run-script',
        options: { script: name },
      });
  },
);

it.each([
  ['lint', 'lint-all'],
  ['typecheck', 'typecheck-all'],
])("what a project's %s runs first, %s runs first for every project", (target, wholeTarget) => {
  const whole = targets['@agentora/workspace-checks'][wholeTarget];
  const runsFirst = new Set(
    (whole.dependsOn ?? []).map((entry) => {
      expect(entry).toMatchObject({ projects: '*' });
      return (entry as { target: string }).target;
    }),
  );
  const steps = withTarget(target).flatMap((project) =>
    (targets[project][target].dependsOn ?? []).map((entry) => {
      // Only a step of the project itself (`"dependsOn": ["lint-deno"]`).
      expect(typeof entry).toBe('string');
      return entry as string;
    }),
  );
  expect(steps.length).toBeGreaterThan(0);
  for (const step of steps) expect(runsFirst).toContain(step);
});

const isAssignment = (word: string) => /^[A-Z_][A-Z0-9_]*=/.test(word);

it("npm test runs the workspace-wide format check, lint and typecheck, not each project's", () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
  const runMany = (scripts.test as string)
    .split('&&')
    .map((step) => step.trim().split(/\s+/))
    // A step may set variables for its command first (`NODE_COMPILE_CACHE=… nx run-many …`).
    .map((words) => words.slice(words.findIndex((word) => !isAssignment(word))))
    .find((words) => words[0] === 'nx' && words[1] === 'run-many');
  const runTargets = runMany?.slice(runMany.indexOf('-t') + 1) ?? [];
  expect(runTargets).toEqual(expect.arrayContaining(['format-check', 'lint-all', 'typecheck-all']));
  expect(runTargets).not.toContain('lint');
  expect(runTargets).not.toContain('typecheck');
});
