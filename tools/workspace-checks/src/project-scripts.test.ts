import type { WorkspaceProject } from '@agentora/lint-rules/workspace-projects';
import { lintedProjects, lintFolders, typecheckedProjects } from './project-scripts';

const project = (
  name: string,
  root: string,
  scripts: Record<string, string>,
): WorkspaceProject => ({
  name,
  root,
  tags: [],
  scripts,
});

describe('the typecheck scripts', () => {
  it('give each project its tsconfig, read from its own folder; a project without one is left out', () => {
    expect(
      typecheckedProjects([
        project('a', '/ws/apps/a', { typecheck: 'tsc -p tsconfig.json' }),
        project('b', '/ws/tools/b', { typecheck: "tsc --project 'tsconfig.check.json'" }),
        project('c', '/ws/tools/c', { lint: 'eslint .' }),
      ]),
    ).toEqual([
      { name: 'a', tsconfig: '/ws/apps/a/tsconfig.json' },
      { name: 'b', tsconfig: '/ws/tools/b/tsconfig.check.json' },
    ]);
  });

  it.each([
    'tsc -p tsconfig.json && deno check functions',
    'tsc -p tsconfig.json --strict false',
    'tsc',
    'tsc -b tsconfig.json',
    'tsc -p $CONFIG',
  ])('refuse a script that does more or other than tsc -p: %s', (script) => {
    expect(() =>
      typecheckedProjects([project('@x/backend', '/ws/b', { typecheck: script })]),
    ).toThrow(`@x/backend: its typecheck script "${script}" is not "tsc -p <tsconfig>"`);
  });
});

describe('the lint scripts', () => {
  const nested = project('nested', '/ws/libs/data/backend-tests', { lint: 'eslint .' });

  it('give each project its folder; one may leave out a nested project that lints itself', () => {
    const data = project('data', '/ws/libs/data', {
      lint: "eslint . --ignore-pattern 'backend-tests/**'",
    });
    expect(lintedProjects([data, nested])).toEqual([
      { name: 'data', root: '/ws/libs/data', ignoredFolders: ['/ws/libs/data/backend-tests'] },
      { name: 'nested', root: '/ws/libs/data/backend-tests', ignoredFolders: [] },
    ]);
  });

  it.each([
    "eslint . --ignore-pattern 'src/generated/**'",
    "eslint . --ignore-pattern '**/*.test.ts'",
    'eslint . && deno lint functions',
    'eslint src',
    'eslint . --fix',
  ])('refuse what would leave files unlinted or lint otherwise: %s', (script) => {
    expect(() =>
      lintedProjects([project('data', '/ws/libs/data', { lint: script }), nested]),
    ).toThrow(`data: its lint script "${script}" is not "eslint ."`);
  });

  it('are run over the outermost folders only: ESLint walks the nested projects in them', () => {
    expect(
      lintFolders([
        { name: 'e2e-careers', root: '/ws/e2e/careers', ignoredFolders: [] },
        { name: 'e2e', root: '/ws/e2e', ignoredFolders: [] },
        { name: 'e2e-support-like', root: '/ws/e2e2', ignoredFolders: [] },
        { name: 'data', root: '/ws/libs/data', ignoredFolders: [] },
        { name: 'nested', root: '/ws/libs/data/backend-tests', ignoredFolders: [] },
      ]),
    ).toEqual(['/ws/e2e', '/ws/e2e2', '/ws/libs/data']);
  });
});
