// Runs one phase as npm runs a script's step: through the shell, in the workspace root, its output
// straight to this terminal.
import { spawn } from 'node:child_process';
import type { PhaseRun } from './model.ts';

export function runPhase(
  index: number,
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<PhaseRun> {
  const startMs = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd, env, shell: true, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      resolve({ index, command, startMs, endMs: Date.now(), exitCode: code }),
    );
  });
}
