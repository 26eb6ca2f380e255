// Which projects may import which, by tag: the layers of docs/architecture.md ("Who may import
// whom"). A project may import another when, for every rule whose `sourceTag` it carries, the other
// project carries one of the rule's `allowedTags` (the semantics of Nx's depConstraints).

export interface DependencyRule {
  sourceTag: string;
  allowedTags: readonly string[];
}

export const DEPENDENCY_RULES: readonly DependencyRule[] = [
  // A remote is loaded at run time and deployed alone: it builds on libs only, never on another
  // remote or the shell (the shell passes other remotes' parts in as props).
  { sourceTag: 'type:remote', allowedTags: ['type:lib'] },
  // The shell loads remotes by name at run time; from them it takes only @agentora/contracts types.
  { sourceTag: 'type:shell', allowedTags: ['type:lib'] },
  // Libs share the backend's rules and answer types (@agentora/backend-rules), so the browser checks
  // what the functions check with the same code; the rest of the backend is not theirs to import.
  { sourceTag: 'type:lib', allowedTags: ['type:lib', 'type:backend-rules'] },
  {
    sourceTag: 'type:tool',
    allowedTags: ['type:lib', 'type:tool', 'type:backend', 'type:backend-rules'],
  },
  // The Supabase project is deployed on its own and runs on Deno: of the workspace it imports only its
  // shared rules (its tests may use tools, e.g. the local server).
  { sourceTag: 'type:backend', allowedTags: ['type:backend-rules'] },
  // The shared rules run in the browser and on Deno alike, and a change to them reaches every app:
  // they import nothing of the workspace.
  { sourceTag: 'type:backend-rules', allowedTags: [] },
];

/**
 * Files of an app, a lib or the backend that run in Node, not in the browser or on Deno: build and test
 * config, tests and test support. They may also use tools (the build config, the jest preset, the local
 * backend). A benchmark or a script a person runs is not among them: it belongs in a tool project (as
 * tools/db-bench, the backend's SQL at scale), where importing tools is the rule's to allow.
 */
const NODE_ONLY_FILES: readonly RegExp[] = [
  /^[^/]+\.config\.[cm]?[jt]s$/,
  /\.test\.[cm]?[jt]sx?$/,
  /(^|\/)(test|tests|testing|test-support|__tests__)\//,
];

export function isNodeOnlyFile(projectRelativePath: string): boolean {
  const normalized = projectRelativePath.split('\\').join('/');
  return NODE_ONLY_FILES.some((pattern) => pattern.test(normalized));
}

/** One set of allowed target tags per rule that applies to `sourceTags` (none: anything goes). */
function allowedTargetTags(sourceTags: readonly string[], nodeOnly: boolean): Set<string>[] {
  return DEPENDENCY_RULES.filter((rule) => sourceTags.includes(rule.sourceTag)).map(
    (rule) =>
      new Set(
        nodeOnly
          ? [...rule.allowedTags, 'type:tool', 'type:backend', 'type:backend-rules']
          : rule.allowedTags,
      ),
  );
}

/** Whether a project tagged `sourceTags` may import one tagged `targetTags`. */
export function mayImport(
  sourceTags: readonly string[],
  targetTags: readonly string[],
  nodeOnly = false,
): boolean {
  return allowedTargetTags(sourceTags, nodeOnly).every((allowed) =>
    targetTags.some((tag) => allowed.has(tag)),
  );
}
