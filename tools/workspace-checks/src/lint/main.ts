// `nx run @agentora/workspace-checks:lint-all`: what every project's `lint` target proves (`eslint .`
// in its folder), in one ESLint run from the root (run.ts), with eslint's report and exit code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintWorkspace } from './run.ts';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
process.exitCode = await lintWorkspace(workspaceRoot);
