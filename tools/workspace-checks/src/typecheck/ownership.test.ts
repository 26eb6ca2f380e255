import type ts from 'typescript';
import { checkedFiles, fileOwners, stricterOptions } from './ownership';
import type { ProgramPlan, ProjectConfig } from './plan';

const BASE = { strict: true, noEmit: true, types: ['jest', 'node'] };

describe('the options by which an importer could find more in a file than its owner', () => {
  it.each([
    ['none when they are alike', BASE, { ...BASE, configFilePath: '/b/tsconfig.json' }, []],
    [
      'a check its owner leaves off',
      { ...BASE, erasableSyntaxOnly: true },
      BASE,
      ['erasableSyntaxOnly'],
    ],
    ['not one its owner has on', BASE, { ...BASE, noUnusedLocals: true }, []],
    ['fewer types, so fewer globals', { ...BASE, types: ['node'] }, BASE, ['types']],
    ['not more types', BASE, { ...BASE, types: ['node'] }, []],
    ['any other difference', { ...BASE, lib: ['lib.es2022.d.ts'] }, BASE, ['lib']],
  ])('%s', (_, importer, owner, expected) => {
    expect(stricterOptions(importer as ts.CompilerOptions, owner as ts.CompilerOptions)).toEqual(
      expected,
    );
  });
});

describe('the files each program checks', () => {
  // Projects of one file each; every program holds its own files and those it imports.
  const config = (name: string, options: ts.CompilerOptions): ProjectConfig => ({
    name,
    tsconfig: `/${name}/tsconfig.json`,
    parsed: { options, fileNames: [`/${name}/index.ts`], errors: [] },
  });
  const program = (project: ProjectConfig, imports: string[]) =>
    ({
      projects: [project],
      options: project.parsed.options,
      filesOf: new Map([[project.name, new Set([...project.parsed.fileNames, ...imports])]]),
    }) as unknown as ProgramPlan;

  it("checks a file in its owner's program, again in one of each stricter options, and a file of no project everywhere", () => {
    const lib = config('lib', BASE);
    const app = config('app', { ...BASE, noUnusedLocals: false });
    const e2e = config('e2e', { ...BASE, types: ['node'] });
    const e2eToo = config('e2e-too', { ...BASE, types: ['node'] });
    const plans = [
      program(lib, ['/node_modules/x.d.ts']),
      program(app, ['/lib/index.ts']),
      program(e2e, ['/lib/index.ts', '/node_modules/x.d.ts']),
      program(e2eToo, ['/lib/index.ts']),
    ];
    const checked = checkedFiles(plans, fileOwners([lib, app, e2e, e2eToo]));
    expect(checked.map((files) => [...files].sort())).toEqual([
      ['/lib/index.ts', '/node_modules/x.d.ts'],
      ['/app/index.ts'],
      ['/e2e/index.ts', '/lib/index.ts', '/node_modules/x.d.ts'],
      ['/e2e-too/index.ts'],
    ]);
  });
});
