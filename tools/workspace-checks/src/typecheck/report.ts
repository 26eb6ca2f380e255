// Prints the diagnostics as tsc prints them: with colour and the line in context when its output is
// a terminal (tsc's --pretty default), else one line each; paths relative to the workspace root. A
// file checked in two programs (a lib checked with the options of both) and found wrong in both is
// reported once. Then one line naming the projects whose files are wrong.
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

/** Each diagnostic once, with the projects whose tsconfig holds its file (or its program's). */
export function uniqueDiagnostics(checked: readonly CheckedProgram[]) {
  const found = new Map<string, { diagnostic: ts.Diagnostic; projects: Set<string> }>();
  for (const { plan, diagnostics } of checked) {
    for (const diagnostic of diagnostics) {
      const key = diagnosticKey(diagnostic);
      const entry = found.get(key) ?? { diagnostic, projects: new Set<string>() };
      const fileName = diagnostic.file?.fileName;
      const owners = plan.projects.filter(
        (config) => fileName !== undefined && config.parsed.fileNames.includes(fileName),
      );
      for (const config of owners.length > 0 ? owners : plan.projects)
        entry.projects.add(config.name);
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
