// ESLint rule `agentora/module-boundaries`: an import may cross from one project into another only
// by the other's package name, and only where the projects' tags allow it (boundaries.ts).
import path from 'node:path';
import type { Rule } from 'eslint';
import { isNodeOnlyFile, mayImport } from './boundaries.ts';
import {
  findWorkspaceRoot,
  projectOfFile,
  projectOfPackageImport,
  readWorkspaceProjects,
  type WorkspaceProject,
} from './workspace-projects.ts';

const projectsByRoot = new Map<string, WorkspaceProject[]>();

function workspaceProjects(workspaceRoot: string): WorkspaceProject[] {
  let projects = projectsByRoot.get(workspaceRoot);
  if (!projects) {
    projects = readWorkspaceProjects(workspaceRoot);
    projectsByRoot.set(workspaceRoot, projects);
  }
  return projects;
}

const describeTags = (project: WorkspaceProject) =>
  project.tags.length > 0 ? project.tags.join(', ') : 'no tags';

type SourceNode = { type: 'Literal'; value: unknown } & Rule.Node;

export const moduleBoundaries: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keeps imports inside the layers of docs/architecture.md: remotes, shell, libs and tools by their Nx tags.',
    },
    schema: [],
    messages: {
      relativeEscape:
        'This relative import leaves {{source}} for {{target}}. Import it by its package name ("{{target}}"), so Nx and this rule see the dependency.',
      notAllowed:
        '{{source}} ({{sourceTags}}) may not import {{target}} ({{targetTags}}){{where}}. See "Who may import whom" in docs/architecture.md.',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    const workspaceRoot = findWorkspaceRoot(filename);
    if (!workspaceRoot) return {};
    const projects = workspaceProjects(workspaceRoot);
    const owner = projectOfFile(projects, filename);
    if (!owner) return {};
    const source: WorkspaceProject = owner;
    const nodeOnly = isNodeOnlyFile(path.relative(source.root, filename));

    function check(node: Rule.Node | null | undefined) {
      if (!node || node.type !== 'Literal' || typeof (node as SourceNode).value !== 'string')
        return;
      const specifier = (node as SourceNode).value as string;
      let target: WorkspaceProject | undefined;
      if (specifier.startsWith('.')) {
        target = projectOfFile(projects, path.resolve(path.dirname(filename), specifier));
        if (!target || target === source) return;
        // A project nested in the importer's own folder may be reached by path: the backend's functions
        // import their shared rules so, as Deno resolves them, and Nx sees the import as the nested
        // project's all the same. Its tags still decide.
        if (!target.root.startsWith(source.root + path.sep)) {
          context.report({
            node,
            messageId: 'relativeEscape',
            data: { source: source.name, target: target.name },
          });
        }
      } else {
        target = projectOfPackageImport(projects, specifier);
      }
      if (!target || target === source) return;
      if (mayImport(source.tags, target.tags, nodeOnly)) return;
      context.report({
        node,
        messageId: 'notAllowed',
        data: {
          source: source.name,
          sourceTags: describeTags(source),
          target: target.name,
          targetTags: describeTags(target),
          where:
            !nodeOnly && mayImport(source.tags, target.tags, true)
              ? ' from browser code (only its build and test files may)'
              : '',
        },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source as Rule.Node),
      ExportNamedDeclaration: (node) => check(node.source as Rule.Node | null),
      ExportAllDeclaration: (node) => check(node.source as Rule.Node),
      ImportExpression: (node) => check(node.source as Rule.Node),
      CallExpression(node) {
        const callee = node.callee;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isJestModuleCall =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'requireActual'].includes(callee.property.name);
        if ((isRequire || isJestModuleCall) && node.arguments[0])
          check(node.arguments[0] as Rule.Node);
      },
      // `import('…').Type` in a type position (typescript-eslint's node: `source` from v8.x on).
      TSImportType(node: Rule.Node) {
        check((node as unknown as { source?: Rule.Node }).source);
      },
    } as Rule.RuleListener;
  },
};
