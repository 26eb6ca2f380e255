/** @jest-environment node */
// The shell's folders depend one way: routes → layout → federation → errors (app/ and the entry
// files sit on top). A cycle between folders, or between files, fails here with its path.
import fs from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
const IMPORT = /(?:from\s+|import\s*\(\s*|^import\s+)'(\.[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** Each file's relative imports, as files. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1]!))
      .filter((target): target is string => target !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** The first cycle found in a graph, as the list of its nodes, or undefined. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The folder directly under src/ a file lives in; undefined for the entry files at the top. */
const folderOf = (file: string) => {
  const [first, ...rest] = path.relative(SRC, file).split(path.sep);
  return rest.length > 0 ? first : undefined;
};

describe("the shell's imports", () => {
  const files = importGraph();

  it('have no cycle between files', () => {
    expect(findCycle(files)?.map((file) => path.relative(SRC, file))).toBeUndefined();
  });

  it('have no cycle between folders', () => {
    const folders = new Map<string, string[]>();
    for (const [file, targets] of files) {
      const from = folderOf(file);
      if (!from) continue;
      const to = new Set(
        targets
          .map(folderOf)
          .filter((folder): folder is string => folder !== undefined && folder !== from),
      );
      folders.set(from, [...new Set([...(folders.get(from) ?? []), ...to])]);
    }
    expect(folders.get('federation')).not.toContain('routes');
    expect(findCycle(folders)).toBeUndefined();
  });

  it('sees the imports it checks', () => {
    expect(files.get(path.join(SRC, 'routes/router.tsx'))).toContain(
      path.join(SRC, 'federation/RemotePart.tsx'),
    );
  });
});
