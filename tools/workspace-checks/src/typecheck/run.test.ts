import path from 'node:path';
import { readWorkspaceProjects } from '@agentora/lint-rules/workspace-projects';
import { typecheckedProjects } from '../project-scripts';
import {
  collectOutput,
  manifest,
  scratchWorkspace,
  tsconfig,
} from '../test-support/scratch-workspace';
import { createSharedHost } from './compiler-host';
import { planPrograms, readConfigs } from './plan';
import { typecheckWorkspace } from './run';

// Scratch workspaces of a few projects, each with `tsc -p tsconfig.json` as its typecheck script.
const project = (name: string, options?: Record<string, unknown>) => ({
  [`projects/${name}/package.json`]: manifest(name, { typecheck: 'tsc -p tsconfig.json' }),
  [`projects/${name}/tsconfig.json`]: tsconfig(options),
});

function run(files: Record<string, string>) {
  const workspace = scratchWorkspace(files);
  try {
    const output = collectOutput();
    const exitCode = typecheckWorkspace(workspace.root, output.stream);
    return { exitCode, output: output.text(), root: workspace.root };
  } finally {
    workspace.remove();
  }
}

function plans(files: Record<string, string>) {
  const workspace = scratchWorkspace(files);
  try {
    const configs = readConfigs(typecheckedProjects(readWorkspaceProjects(workspace.root)));
    return planPrograms(configs, createSharedHost(workspace.root)).map((program) => ({
      projects: program.projects.map((config) => config.name),
      // Its files of the workspace, not TypeScript's lib files (of no project: checked where held).
      checked: [...program.checked]
        .map((file) => path.relative(workspace.root, file))
        .filter((file) => file.startsWith('projects/'))
        .sort(),
    }));
  } finally {
    workspace.remove();
  }
}

const plan = (files: Record<string, string>) => plans(files).map((program) => program.projects);

const GOOD = {
  ...project('a'),
  'projects/a/src/a.ts': 'export const a: number = 1;\n',
  ...project('b'),
  'projects/b/src/b.ts': "import { a } from '../../a/src/a';\nexport const b: number = a;\n",
};

describe('the workspace-wide typecheck', () => {
  it('passes, with exit code 0 and no diagnostic, when every project compiles', () => {
    const { exitCode, output } = run(GOOD);
    expect(output).toContain('typecheck-all: the tsconfigs of 2 projects, in 1 programs');
    expect(output).not.toContain('error');
    expect(exitCode).toBe(0);
  });

  it("fails with tsc's diagnostic and exit code 1 on a type error in one project's file", () => {
    const { exitCode, output } = run({
      ...GOOD,
      'projects/b/src/b.ts': "export const b: number = 'one';\n",
    });
    expect(output).toContain(
      "projects/b/src/b.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(output).toContain('Found 1 error in 1 file, in the typecheck of b.');
    expect(exitCode).toBe(1);
  });

  it('names every project whose own typecheck fails: those whose program holds the file', () => {
    const { exitCode, output } = run({
      ...GOOD,
      ...project('c'),
      'projects/c/src/c.ts': 'export const c = 3;\n',
      'projects/a/src/a.ts': "export const a: number = 'one';\n",
    });
    expect(output).toContain('typecheck-all: the tsconfigs of 3 projects, in 1 programs');
    expect(output).toContain('Found 1 error in 1 file, in the typecheck of a, b.');
    expect(exitCode).toBe(1);
  });

  it("checks a file imported from another project again where the importer's options are stricter", () => {
    // a compiles alone; b's stricter options fail a's file, which b's tsc checks too.
    const stricter = {
      ...project('a'),
      'projects/a/src/a.ts': 'export const a = 1;\nconst unused = 2;\n',
      ...project('b', { noUnusedLocals: true }),
      'projects/b/src/b.ts': "import { a } from '../../a/src/a';\nexport const b = a;\n",
    };
    expect(plans(stricter)).toEqual([
      { projects: ['a'], checked: ['projects/a/src/a.ts'] },
      { projects: ['b'], checked: ['projects/a/src/a.ts', 'projects/b/src/b.ts'] },
    ]);
    const { exitCode, output } = run(stricter);
    expect(output).toContain("projects/a/src/a.ts(2,7): error TS6133: 'unused' is declared");
    expect(output).toContain('in the typecheck of b.');
    expect(exitCode).toBe(1);
  });

  it("reports an error of a lib imported by another project's program once, checked in the lib's own", () => {
    // a's global declaration, which b does not import, keeps them in programs of their own.
    const apart = {
      ...GOOD,
      'projects/a/src/globals.ts': 'declare global {\n  var onlyInA: string;\n}\nexport {};\n',
    };
    expect(plans(apart)).toEqual([
      { projects: ['a'], checked: ['projects/a/src/a.ts', 'projects/a/src/globals.ts'] },
      { projects: ['b'], checked: ['projects/b/src/b.ts'] },
    ]);
    const { exitCode, output } = run({
      ...apart,
      'projects/a/src/a.ts': "export const a: number = 'one';\n",
      'projects/b/src/b.ts': "import { a } from '../../a/src/a';\nexport const b: string = a;\n",
    });
    expect(output).toContain('typecheck-all: the tsconfigs of 2 projects, in 2 programs');
    expect(output).toContain(
      "projects/a/src/a.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    // b's own file is still checked: its error, found with a's types, is reported too.
    expect(output).toContain(
      "projects/b/src/b.ts(2,14): error TS2322: Type 'number' is not assignable to type 'string'.",
    );
    expect(output.match(/projects\/a\/src\/a\.ts/g)).toHaveLength(1);
    expect(output).toContain('Found 2 errors in 2 files, in the typecheck of a, b.');
    expect(exitCode).toBe(1);
  });

  it('fails on a tsconfig tsc cannot read, with its error', () => {
    const { exitCode, output, root } = run({
      ...project('a'),
      // The scratch options besides, so that the program tsc makes anyway checks what the others do.
      'projects/a/tsconfig.json': JSON.stringify({
        ...JSON.parse(tsconfig()),
        extends: './missing.json',
      }),
      'projects/a/src/a.ts': 'export const a = 1;\n',
    });
    expect(output).toContain(`error TS5083: Cannot read file '${root}/projects/a/missing.json'.`);
    expect(output).toContain('in the typecheck of a.');
    expect(exitCode).toBe(1);
  });

  it('refuses a tsconfig without noEmit, from which tsc -p would write .js files', () => {
    expect(() =>
      run({ ...project('a', { noEmit: false }), 'projects/a/src/a.ts': 'export const a = 1;\n' }),
    ).toThrow('a: a typecheck tsconfig without noEmit');
  });
});

describe('the programs it makes', () => {
  it('check projects with identical options in one program', () => {
    expect(plan(GOOD)).toEqual([['a', 'b']]);
  });

  it('check projects whose options differ in programs of their own', () => {
    expect(plan({ ...GOOD, ...project('c', { noUnusedLocals: true }) })).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
  });

  it("keep apart projects whose own programs have different globals, so one's never reach the other", () => {
    const leaky = {
      ...GOOD,
      'projects/a/src/globals.ts': 'declare global {\n  var leaked: string;\n}\nexport {};\n',
      'projects/b/src/b.ts': 'export const b: string = leaked;\n',
    };
    expect(plan(leaky)).toEqual([['a'], ['b']]);
    // b's own tsc cannot find `leaked`; in one program with a it would have.
    const { exitCode, output } = run(leaky);
    expect(output).toContain("projects/b/src/b.ts(1,26): error TS2304: Cannot find name 'leaked'.");
    expect(exitCode).toBe(1);
  });

  it('join them again when both see the same globals (b imports the file that declares them)', () => {
    expect(
      plan({
        ...GOOD,
        'projects/a/src/globals.ts': 'declare global {\n  var shared: string;\n}\nexport {};\n',
        'projects/b/src/b.ts': "import '../../a/src/globals';\nexport const b: string = shared;\n",
      }),
    ).toEqual([['a', 'b']]);
  });
});
