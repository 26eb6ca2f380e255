// Asks Nx, change after change, what `nx show projects --affected --base=<base> [-t <target>]`
// prints in a workspace, from one Nx process started once (affected-projects-process.ts) rather
// than a new CLI for each question.
import { fork } from 'node:child_process';
import path from 'node:path';

export interface AffectedQuery {
  id: number;
  base: string;
  target?: string;
}

/** What the CLI would print to its standard output, or why it would fail. */
export type AffectedAnswer = { id: number; output: string } | { id: number; error: string };

export interface AffectedProjects {
  /** The CLI's standard output for `show projects --affected --base=<base> [-t <target>]`. */
  printed(base: string, target?: string): Promise<string>;
  stop(): void;
}

/** Starts the Nx process in `workspace`, with the environment the CLI would run with. */
export function startAffectedProjects(
  workspace: string,
  env: NodeJS.ProcessEnv,
): Promise<AffectedProjects> {
  const nx = fork(path.join(__dirname, 'affected-projects-process.ts'), [], {
    cwd: workspace,
    env,
    execArgv: ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve(output: string): void; reject(error: Error): void }>();
  let nextId = 0;
  const affectedProjects: AffectedProjects = {
    printed: (base, target) =>
      new Promise((resolve, reject) => {
        const query: AffectedQuery = { id: nextId++, base, target };
        pending.set(query.id, { resolve, reject });
        nx.send(query);
      }),
    // It ends when its channel closes; a process already stopped has none.
    stop: () => {
      if (nx.connected) nx.disconnect();
    },
  };
  return new Promise((resolve, reject) => {
    nx.on('message', (message: AffectedAnswer | { ready: true }) => {
      if ('ready' in message) return resolve(affectedProjects);
      const query = pending.get(message.id)!;
      pending.delete(message.id);
      if ('error' in message) query.reject(new Error(message.error));
      else query.resolve(message.output);
    });
    nx.on('exit', (code, signal) => {
      const error = new Error(`The Nx process stopped (exit ${code ?? signal})`);
      reject(error);
      for (const query of pending.values()) query.reject(error);
      pending.clear();
    });
  });
}
