// `nx run @agentora/workspace-checks:typecheck-all`: what every project's `typecheck` target proves
// (`tsc -p <its tsconfig>`), in one process (run.ts), with tsc's output and exit code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { typecheckWorkspace } from './run.ts';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
process.exitCode = typecheckWorkspace(workspaceRoot);
