// What each project's own `lint` and `typecheck` scripts check, read from its package.json (Nx makes
// each script the project's target of that name). The workspace-wide checks take their lists from
// here, never from a list of their own: a project added with these scripts is checked at once. A
// script of another form is refused, naming the project, rather than checked by half: a further step
// belongs in a target of its own (as the backend's `typecheck-deno`), which `lint`/`typecheck`
// depend on and `lint-all`/`typecheck-all` run too.
import path from 'node:path';
import type { WorkspaceProject } from '@agentora/lint-rules/workspace-projects';

export interface TypecheckedProject {
  name: string;
  /** The tsconfig its `tsc -p` reads, absolute. */
  tsconfig: string;
}

export interface LintedProject {
  name: string;
  root: string;
  /** Folders inside it that its `eslint . --ignore-pattern '<folder>/**'` leaves out, absolute. */
  ignoredFolders: string[];
}

/** A script's words, with the quotes a shell would remove removed. Refuses what a shell would expand. */
function words(script: string): string[] | undefined {
  if (/[;&|<>$`\\(){}]/.test(script)) return undefined;
  const found = script.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  return found.map((word) => word.replace(/^(['"])(.*)\1$/, '$2'));
}

const refuse = (project: WorkspaceProject, target: string, form: string): never => {
  throw new Error(
    `${project.name}: its ${target} script "${project.scripts[target]}" is not ${form}, the one form ` +
      `the workspace-wide ${target} proves. Move any other step into a target of its own, as ` +
      `@agentora/backend's ${target}-deno (docs/development.md, "Lint and typecheck in one pass").`,
  );
};

/** The projects with a typecheck script, each with the tsconfig it checks. */
export function typecheckedProjects(projects: readonly WorkspaceProject[]): TypecheckedProject[] {
  return projects
    .filter((project) => project.scripts.typecheck !== undefined)
    .map((project) => {
      const parts = words(project.scripts.typecheck);
      const [command, flag, tsconfig, ...rest] = parts ?? [];
      if (command !== 'tsc' || !['-p', '--project'].includes(flag) || !tsconfig || rest.length)
        return refuse(project, 'typecheck', '"tsc -p <tsconfig>"');
      return { name: project.name, tsconfig: path.resolve(project.root, tsconfig) };
    });
}

/**
 * The projects with a lint script, each with the folders it leaves out. A project may leave out only
 * a folder that is another project linting itself, so that every file of the workspace's lint scripts
 * is still linted (once) by the one run over every project's folder.
 */
export function lintedProjects(projects: readonly WorkspaceProject[]): LintedProject[] {
  const linted = projects.filter((project) => project.scripts.lint !== undefined);
  const lintedRoots = new Set(linted.map((project) => project.root));
  return linted.map((project) => {
    const form = `"eslint ." (with --ignore-pattern '<a nested project that lints itself>/**')`;
    const [command, target, ...options] = words(project.scripts.lint) ?? [];
    if (command !== 'eslint' || target !== '.' || options.length % 2 !== 0)
      return refuse(project, 'lint', form);
    const ignoredFolders: string[] = [];
    for (let i = 0; i < options.length; i += 2) {
      const folder = options[i + 1].match(/^([\w.-]+(?:\/[\w.-]+)*)\/\*\*$/)?.[1];
      const absolute = folder && path.resolve(project.root, folder);
      if (options[i] !== '--ignore-pattern' || !absolute || !lintedRoots.has(absolute))
        return refuse(project, 'lint', form);
      ignoredFolders.push(absolute);
    }
    return { name: project.name, root: project.root, ignoredFolders };
  });
}

/**
 * The folders one ESLint run must be given to lint what every lint script lints: each linted
 * project's folder that no other linted project's folder holds (ESLint walks the nested ones).
 */
export function lintFolders(linted: readonly LintedProject[]): string[] {
  const roots = linted.map((project) => project.root);
  return roots.filter((root) => !roots.some((other) => root.startsWith(other + path.sep))).sort();
}
