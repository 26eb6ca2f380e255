// The workspace-wide lint: one ESLint run from the root over every linted project's folder, with the
// one eslint.config.mjs every project's `eslint .` reads, so each file is linted once and as its own
// project's lint lints it (the rules take the project from the file's path, not from the folder
// ESLint runs in). Writes ESLint's own report; its exit code is eslint's: 1 on any error.
import path from 'node:path';
import { ESLint } from 'eslint';
import { readWorkspaceProjects } from '@agentora/lint-rules/workspace-projects';
import { lintedProjects, lintFolders } from '../project-scripts.ts';

export async function lintWorkspace(
  workspaceRoot: string,
  output: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const started = performance.now();
  const linted = lintedProjects(readWorkspaceProjects(workspaceRoot));
  const folders = lintFolders(linted).map((folder) => path.relative(workspaceRoot, folder));
  const eslint = new ESLint({ cwd: workspaceRoot });
  const results = await eslint.lintFiles(folders);
  const formatter = await eslint.loadFormatter('stylish');
  output.write(await formatter.format(results));
  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  output.write(
    `lint-all: ${results.length} files of ${linted.length} projects, in ${folders.join(' ')}: ` +
      `${errors} errors, ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return errors > 0 ? 1 : 0;
}
