import ts from 'typescript';
import { affectsGlobalScope } from './global-scope';

const file = (text: string, name = 'file.ts') =>
  ts.createSourceFile(name, text, { languageVersion: ts.ScriptTarget.ES2022 }, false);

describe('a file reaches the global scope', () => {
  it.each([
    ['a script that declares something', 'const mockEvents: string[] = [];'],
    ['a global .d.ts', 'interface Window { extra: string }'],
    ['a module with declare global', 'export {};\ndeclare global { var x: string }'],
    ['a module augmenting another', "export {};\ndeclare module 'styled-components' {}"],
    ['a UMD module', 'export const a = 1;\nexport as namespace Lib;'],
  ])('when it is %s', (_, text) => {
    expect(affectsGlobalScope(file(text))).toBe(true);
  });

  it.each([
    ['a module', "import { a } from './a';\nexport const b = a;"],
    ['a module with a namespace of its own', 'export namespace N { export const n = 1; }'],
    ["a script of expressions only (an app's import('./bootstrap'))", "import('./bootstrap');"],
  ])('but not when it is %s', (_, text) => {
    expect(affectsGlobalScope(file(text))).toBe(false);
  });

  it('nor when it is JSON', () => {
    expect(affectsGlobalScope(ts.parseJsonText('data.json', '{"a": 1}'))).toBe(false);
  });
});
