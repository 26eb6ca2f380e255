// The workspace-wide typecheck: every project's typecheck tsconfig (from its typecheck script),
// checked in the programs plan.ts makes, each file parsed once (compiler-host.ts). Writes what tsc
// writes (report.ts) and a line per program; its exit code is tsc's: 1 when anything was found.
import { readWorkspaceProjects } from '@agentora/lint-rules/workspace-projects';
import { typecheckedProjects } from '../project-scripts.ts';
import { checkPlan } from './check.ts';
import { createSharedHost } from './compiler-host.ts';
import { planPrograms, readConfigs } from './plan.ts';
import { reportDiagnostics } from './report.ts';

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
const shortName = (name: string) => name.replace(/^@agentora\//, '');

export function typecheckWorkspace(
  workspaceRoot: string,
  output: NodeJS.WritableStream = process.stdout,
): number {
  const started = performance.now();
  const configs = readConfigs(typecheckedProjects(readWorkspaceProjects(workspaceRoot)));
  const host = createSharedHost(workspaceRoot);
  const plans = planPrograms(configs, host);
  output.write(
    `typecheck-all: the tsconfigs of ${configs.length} projects, in ${plans.length} programs ` +
      `(planned in ${seconds(performance.now() - started)})\n`,
  );
  const checked = plans.map((plan) => {
    const result = checkPlan(plan, host);
    const names = plan.projects.map((config) => shortName(config.name)).join(', ');
    output.write(
      `  ${seconds(result.milliseconds)}, ${result.files} files, ${result.checkedFiles} sources checked: ${names}\n`,
    );
    return result;
  });
  const { parsed, reused } = host.stats();
  output.write(
    `typecheck-all: ${parsed} files parsed once (${reused} more times shared), ` +
      `${seconds(performance.now() - started)}\n`,
  );
  return reportDiagnostics(checked, workspaceRoot, output) ? 1 : 0;
}
