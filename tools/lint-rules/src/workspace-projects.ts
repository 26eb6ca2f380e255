// The workspace's projects as the module-boundary rule sees them: every package.json the root's
// npm workspaces name, with its package name, folder, Nx tags (the `nx.tags` field) and npm scripts
// (Nx makes each script a target; tools/workspace-checks reads the lint and typecheck ones). Tags are
// written once, in each project's package.json; Nx shows the same ones (`npx nx show project <name>`).
import fs from 'node:fs';
import path from 'node:path';

export interface WorkspaceProject {
  /** The package name, e.g. '@agentora/careers'. */
  name: string;
  /** The project's folder, absolute. */
  root: string;
  tags: readonly string[];
  /** The npm scripts of its package.json, by name. */
  scripts: Readonly<Record<string, string>>;
}

interface PackageJson {
  name?: string;
  workspaces?: string[];
  nx?: { tags?: string[] };
  scripts?: Record<string, string>;
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;

/** The folders a workspaces entry names: 'apps/*' (every child folder) or a plain folder. */
function workspaceFolders(workspaceRoot: string, pattern: string): string[] {
  if (!pattern.endsWith('/*')) return [path.join(workspaceRoot, pattern)];
  const parent = path.join(workspaceRoot, pattern.slice(0, -2));
  if (!fs.existsSync(parent)) return [];
  return fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(parent, entry.name));
}

/** Reads every project of the workspace at `workspaceRoot`. */
export function readWorkspaceProjects(workspaceRoot: string): WorkspaceProject[] {
  const { workspaces = [] } = readJson(path.join(workspaceRoot, 'package.json'));
  return workspaces
    .flatMap((pattern) => workspaceFolders(workspaceRoot, pattern))
    .filter((folder) => fs.existsSync(path.join(folder, 'package.json')))
    .map((root) => {
      const manifest = readJson(path.join(root, 'package.json'));
      return {
        name: manifest.name ?? path.basename(root),
        root,
        tags: manifest.nx?.tags ?? [],
        scripts: manifest.scripts ?? {},
      };
    });
}

/** The nearest folder above `file` whose package.json declares npm workspaces. */
export function findWorkspaceRoot(file: string): string | undefined {
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && readJson(manifest).workspaces) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The project a file belongs to (the deepest project folder holding it). */
export function projectOfFile(
  projects: readonly WorkspaceProject[],
  file: string,
): WorkspaceProject | undefined {
  const absolute = path.resolve(file);
  return projects
    .filter((project) => absolute === project.root || absolute.startsWith(project.root + path.sep))
    .sort((a, b) => b.root.length - a.root.length)[0];
}

/** The project a bare import names ('@agentora/ui', '@agentora/data/routes'), if it is one of ours. */
export function projectOfPackageImport(
  projects: readonly WorkspaceProject[],
  specifier: string,
): WorkspaceProject | undefined {
  return projects.find(
    (project) => specifier === project.name || specifier.startsWith(`${project.name}/`),
  );
}
