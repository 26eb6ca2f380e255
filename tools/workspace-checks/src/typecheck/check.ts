// Checks each planned program and gathers its diagnostics in the order and by the rules of tsc's own
// run (emitFilesAndReportErrors in TypeScript's executeCommandLine): the tsconfigs' errors and the
// syntax errors first, then the options' and the global ones, and the semantic (and, with
// `declaration`, the declaration) ones only when nothing came before; then the emit's, which with
// noEmit (tsconfig.base.json) writes nothing. A tsconfig without noEmit is refused: its tsc -p writes
// .js files, which this check would not. The semantic diagnostics are asked only of the files the
// plan checks (ownership.ts); the syntax errors of every file, which parsing has already found.
import ts from 'typescript';
import type { SharedHost } from './compiler-host.ts';
import { globalScopeFiles } from './global-scope.ts';
import type { ProgramPlan } from './plan.ts';

export interface CheckedProgram {
  plan: ProgramPlan;
  files: number;
  /** How many sources (not .d.ts, which skipLibCheck leaves, nor JSON) it checked. */
  checkedFiles: number;
  diagnostics: readonly ts.Diagnostic[];
  milliseconds: number;
}

/**
 * The diagnostics tsc reports for a program (those of the files `checked`), sorted and without
 * duplicates as tsc gives them.
 */
export function tscDiagnostics(
  program: ts.Program,
  checked: readonly ts.SourceFile[] = program.getSourceFiles(),
): ts.Diagnostic[] {
  const diagnostics = [...program.getConfigFileParsingDiagnostics()];
  const before = diagnostics.length;
  diagnostics.push(...program.getSyntacticDiagnostics());
  const options = program.getCompilerOptions();
  if (diagnostics.length === before) {
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (diagnostics.length === before)
      diagnostics.push(...checked.flatMap((file) => program.getSemanticDiagnostics(file)));
    if ((options.declaration || options.composite) && diagnostics.length === before)
      diagnostics.push(...program.getDeclarationDiagnostics());
  }
  if (options.noEmit) diagnostics.push(...program.emit().diagnostics);
  return [...ts.sortAndDeduplicateDiagnostics(diagnostics)];
}

const names = (plan: ProgramPlan) => plan.projects.map((config) => config.name).join(', ');

export function checkPlan(plan: ProgramPlan, host: SharedHost): CheckedProgram {
  const started = performance.now();
  const configErrors = plan.projects.flatMap((config) =>
    ts.getConfigFileParsingDiagnostics(config.parsed),
  );
  if (!plan.options.noEmit && configErrors.length === 0)
    throw new Error(`${names(plan)}: a typecheck tsconfig without noEmit, which tsc -p emits from`);
  // A program of one project is that project's own program, which planning made: checked as it is.
  const program =
    plan.ownProgram ??
    ts.createProgram({
      rootNames: plan.rootNames,
      options: plan.options,
      host: host.hostFor(plan.options),
      configFileParsingDiagnostics: configErrors,
    });
  // The plan, kept with the diagnostics, then holds no program, nor its checker's state.
  delete plan.ownProgram;
  // The union of programs with the same global-scope files has those files and no other such.
  const scope = globalScopeFiles(program);
  if (JSON.stringify(scope) !== JSON.stringify(plan.globalScope))
    throw new Error(
      `the program of ${names(plan)} reaches the global ` +
        `scope through other files than each of their own programs: ` +
        `${scope.filter((file) => !plan.globalScope.includes(file)).join(', ') || '(fewer files)'}`,
    );
  const checked = program.getSourceFiles().filter((file) => plan.checked.has(file.fileName));
  const isSource = (file: ts.SourceFile) =>
    !file.isDeclarationFile && !file.fileName.endsWith('.json');
  return {
    plan,
    files: program.getSourceFiles().length,
    checkedFiles: checked.filter(isSource).length,
    diagnostics: tscDiagnostics(program, checked),
    milliseconds: performance.now() - started,
  };
}
