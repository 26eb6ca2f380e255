// Which files of a program change what every other file of it sees, whoever imports them: a script
// (a file with no import or export: lib.dom.d.ts, a global .d.ts) declares globals, unless it holds
// nothing but expressions; a module may add
// to the global scope (`declare global`), to another module (`declare module 'styled-components'`)
// or a UMD global (`export as namespace React`). Any other module is seen only by what imports it.
// Two projects' files can be checked in one program only when its files of this kind are the same
// as in each project's own program; otherwise one project's declarations would reach the other's
// files (libs/ui's theme on styled-components, the Postgres tests' `declare global`).
import ts from 'typescript';

export function affectsGlobalScope(file: ts.SourceFile): boolean {
  if (file.fileName.endsWith('.json')) return false;
  // A script of statements only (an app's `import('./bootstrap')`) declares nothing.
  if (!ts.isExternalModule(file)) return !file.statements.every(ts.isExpressionStatement);
  return file.statements.some(
    (statement) =>
      ts.isNamespaceExportDeclaration(statement) ||
      (ts.isModuleDeclaration(statement) &&
        (ts.isStringLiteral(statement.name) ||
          (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0)),
  );
}

/** A program's files of that kind, sorted: equal lists mean the same global scope. */
export function globalScopeFiles(program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .filter(affectsGlobalScope)
    .map((file) => file.fileName)
    .sort();
}
