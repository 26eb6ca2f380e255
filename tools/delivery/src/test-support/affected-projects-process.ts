// A long-lived Node process that answers, query after query, what
// `nx show projects --affected --base=<base> [-t <target>]` prints in the workspace it runs in (its
// working directory). affected-graph.test.ts asks it about one change after another; starting Node
// and loading Nx for each question cost the test most of its CPU.
//
// It calls the handler Nx's CLI calls for that command, with the arguments the CLI's parser gives
// it, after the start-up the CLI does for a local install (node_modules/nx/dist/bin/nx.js,
// init-local.js). That handler builds the project graph afresh each time: Nx re-walks the
// workspace's files first, so it sees the change the test just made, as a new CLI would.
//
// Started by affected-projects.ts with the workspace as its working directory: Nx takes its
// workspace root from process.cwd() when its modules load.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import type { AffectedAnswer, AffectedQuery } from './affected-projects.ts';

const workspace = process.cwd();
const requireFromWorkspace = createRequire(path.join(workspace, 'package.json'));

// These are Nx's own modules, not its published API: an Nx update may move them, and then this
// says so instead of answering wrongly.
function nxFunction<T extends (...args: never[]) => unknown>(moduleId: string, name: string): T {
  let loaded: Record<string, unknown>;
  try {
    loaded = requireFromWorkspace(moduleId);
  } catch (error) {
    throw new Error(`Nx no longer has ${moduleId}; see ${import.meta.filename}`, { cause: error });
  }
  if (typeof loaded[name] !== 'function') {
    throw new Error(`Nx's ${moduleId} no longer exports ${name}; see ${import.meta.filename}`);
  }
  return loaded[name] as T;
}

const loadWorkspaceEnv = nxFunction<(workspaceDir: string) => Promise<void>>(
  'nx/bin/workspace-env.js',
  'loadWorkspaceEnv',
);
const setupWorkspaceContext = nxFunction<(workspaceRoot: string) => void>(
  'nx/src/utils/workspace-context.js',
  'setupWorkspaceContext',
);
const showProjectsHandler = nxFunction<(args: Record<string, unknown>) => Promise<void>>(
  'nx/src/command-line/show/projects.js',
  'showProjectsHandler',
);

/**
 * The arguments Nx's yargs parser gives the handler for
 * `show projects --affected --base=<base> [-t <target>]`.
 */
function cliArguments({ base, target }: AffectedQuery): Record<string, unknown> {
  const targets = target ? { t: [target], withTarget: [target], 'with-target': [target] } : {};
  return { _: ['show', 'projects'], affected: true, base, ...targets, $0: 'nx', verbose: false };
}

/** What the handler writes to standard output: what the CLI prints. */
async function printedOutput(query: AffectedQuery): Promise<string> {
  let printed = '';
  const write = process.stdout.write;
  process.stdout.write = (chunk: string | Uint8Array) => {
    printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  };
  try {
    await showProjectsHandler(cliArguments(query));
  } finally {
    process.stdout.write = write;
  }
  return printed;
}

async function start() {
  await loadWorkspaceEnv(workspace);
  setupWorkspaceContext(workspace);
  process.env.NX_CLI_SET = 'true';
  // The handler measures its code loading from this mark, which init-local.js sets.
  performance.mark('init-local');

  let queue = Promise.resolve();
  process.on('message', (query: AffectedQuery) => {
    queue = queue.then(async () => {
      let answer: AffectedAnswer;
      try {
        answer = { id: query.id, output: await printedOutput(query) };
      } catch (error) {
        answer = {
          id: query.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
      }
      process.send!(answer);
    });
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true });
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
