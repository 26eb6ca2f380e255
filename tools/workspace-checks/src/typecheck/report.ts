// Prints the diagnostics as tsc prints them: with colour and the line in context when its output is
// a terminal (tsc's --pretty default), else one line each; paths relative to the workspace root. A
// file checked in two programs (a lib checked again where an importer's options are stricter) and
// found wrong in both is reported once. Then one line naming the projects whose typecheck found them.
import ts from 'typescript';
import type { CheckedProgram } from './check.ts';

function formatHost(workspaceRoot: string): ts.FormatDiagnosticsHost {
  return {
    getCurrentDirectory: () => workspaceRoot,
    getCanonicalFileName: (fileName) => fileName,
    getNewLine: () => ts.sys.newLine,
  };
}

const diagnosticKey = (diagnostic: ts.Diagnostic) =>
  JSON.stringify([
    diagnostic.file?.fileName,
    diagnostic.start,
    diagnostic.length,
    diagnostic.code,
    ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  ]);

/**
 * Each diagnostic once, with the projects whose typecheck found it: of the programs that checked its
 * file (its owner's, and a stricter importer's), those whose own program holds it (every project of
 * its program, for one of no file: an option's or a tsconfig's). An importer that does not check a
 * file again (ownership.ts) is not named, as `tsc -b` would not fail it either.
 */
export function uniqueDiagnostics(checked: readonly CheckedProgram[]) {
  const found = new Map<string, { diagnostic: ts.Diagnostic; projects: Set<string> }>();
  for (const { plan, diagnostics } of checked) {
    for (const diagnostic of diagnostics) {
      const key = diagnosticKey(diagnostic);
      const entry = found.get(key) ?? { diagnostic, projects: new Set<string>() };
      const fileName = diagnostic.file?.fileName;
      for (const [project, files] of plan.filesOf)
        if (fileName === undefined || files.has(fileName)) entry.projects.add(project);
      found.set(key, entry);
    }
  }
  return [...found.values()];
}

/** Prints what was found; whether anything was (tsc's exit code 1 then, as with any diagnostic). */
export function reportDiagnostics(
  checked: readonly CheckedProgram[],
  workspaceRoot: string,
  output: NodeJS.WritableStream = process.stdout,
  pretty = Boolean((output as { isTTY?: boolean }).isTTY),
): boolean {
  const host = formatHost(workspaceRoot);
  const found = uniqueDiagnostics(checked);
  for (const { diagnostic } of found) {
    output.write(
      pretty
        ? ts.formatDiagnosticsWithColorAndContext([diagnostic], host) + host.getNewLine()
        : ts.formatDiagnostic(diagnostic, host),
    );
  }
  if (found.length === 0) return false;
  const files = new Set(found.flatMap(({ diagnostic }) => diagnostic.file?.fileName ?? []));
  const projects = [...new Set(found.flatMap(({ projects }) => [...projects]))].sort();
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  output.write(
    `\nFound ${plural(found.length, 'error')}${files.size ? ` in ${plural(files.size, 'file')}` : ''}` +
      `, in the typecheck of ${projects.join(', ')}.\n`,
  );
  return true;
}
