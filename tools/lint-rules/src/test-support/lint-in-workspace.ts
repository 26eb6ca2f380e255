// Lints files placed in the real workspace with the real eslint.config.mjs, through ESLint's API.
// ESLint loads its config and this plugin as native ES modules, which Jest's CommonJS runtime cannot,
// so the linting runs in a child Node process. The files are not written to disk (lintText with a
// filePath): a scratch file in apps/content could otherwise fail content's own lint running alongside.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const workspaceRoot = path.resolve(__dirname, '../../../..');

const LINT_SCRIPT = `
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: process.cwd() });
  const results = [];
  for (const { file, code } of JSON.parse(process.env.LINT_CASES)) {
    const [result] = await eslint.lintText(code, { filePath: file });
    results.push(result.messages.map((message) => ({ line: message.line, rule: message.ruleId, message: message.message })));
  }
  console.log(JSON.stringify(results));
`;

export interface Finding {
  line: number;
  rule: string | null;
  message: string;
}

export function lintAll(cases: ReadonlyArray<{ file: string; code: string }>): Finding[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
    cwd: workspaceRoot,
    env: { ...process.env, LINT_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Finding[][];
}
