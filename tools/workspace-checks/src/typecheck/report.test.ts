import ts from 'typescript';
import { collectOutput, scratchWorkspace } from '../test-support/scratch-workspace';
import type { CheckedProgram } from './check';
import type { ProgramPlan } from './plan';
import { reportDiagnostics } from './report';

// Two programs that both hold one wrong file, as two option groups checking one lib would.
function checkedTwice(text: string) {
  const workspace = scratchWorkspace({ 'projects/a/src/a.ts': text });
  const file = `${workspace.root}/projects/a/src/a.ts`;
  // skipLibCheck as tsconfig.base.json sets it: checking TypeScript's lib files was most of the cost.
  const options = {
    noEmit: true,
    strict: true,
    lib: ['lib.es2022.d.ts'],
    types: [],
    skipLibCheck: true,
  };
  const program = ts.createProgram({ rootNames: [file], options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const plan = (project: string) =>
    ({ projects: [], filesOf: new Map([[project, new Set([file])]]) }) as unknown as ProgramPlan;
  const checked: CheckedProgram[] = [
    { plan: plan('a'), files: 1, checkedFiles: 1, diagnostics, milliseconds: 1 },
    { plan: plan('b'), files: 1, checkedFiles: 1, diagnostics, milliseconds: 1 },
  ];
  return { workspace, checked };
}

it.each([
  [false, 'projects/a/src/a.ts(2,7): error TS2322'],
  [true, '\u001b[96mprojects/a/src/a.ts\u001b[0m:\u001b[93m2\u001b[0m:\u001b[93m7\u001b[0m'],
])(
  'prints each diagnostic once, as tsc does (pretty: %s), naming every project it fails',
  (pretty, head) => {
    const { workspace, checked } = checkedTwice("export const a = 1;\nconst b: number = 'b';\n");
    try {
      const output = collectOutput();
      expect(reportDiagnostics(checked, workspace.root, output.stream, pretty)).toBe(true);
      expect(output.text()).toContain(head);
      expect(output.text().match(/TS2322/g)).toHaveLength(1);
      // With colour, tsc shows the line in context, as here.
      if (pretty) expect(output.text()).toContain("const b: number = 'b';");
      expect(output.text()).toContain('Found 1 error in 1 file, in the typecheck of a, b.');
    } finally {
      workspace.remove();
    }
  },
);

it('prints nothing and finds nothing when there is nothing', () => {
  const output = collectOutput();
  expect(reportDiagnostics([], '/', output.stream, false)).toBe(false);
  expect(output.text()).toBe('');
});
