// Lints files placed in the real workspace with the real eslint.config.mjs, through ESLint's API.
// ESLint loads its config and this plugin as native ES modules, which Jest's CommonJS runtime cannot,
// so the linting runs in a child Node process. The files are not written to disk (lintText with a
// filePath): a scratch file in apps/content could otherwise fail content's own lint running alongside.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const workspaceRoot = path.resolve(__dirname, '../../..');

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

interface Finding {
  line: number;
  rule: string | null;
  message: string;
}

function lintAll(cases: ReadonlyArray<{ file: string; code: string }>): Finding[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
    cwd: workspaceRoot,
    env: { ...process.env, LINT_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Finding[][];
}

const boundaryFindings = (findings: Finding[]) =>
  findings
    .filter((finding) => finding.rule === 'agentora/module-boundaries')
    .map(({ line, message }) => ({ line, message }));

const CASES = {
  remoteImportsRemote: {
    file: 'apps/content/src/boundary-check.ts',
    code: [
      "import { CareersPage } from '@agentora/careers';",
      "import { HighlightGrid } from '../../careers/src/page/HighlightGrid';",
      "import type { ExposeName } from '@agentora/contracts';",
      "import { BRAND } from '@agentora/data';",
      'export const used: unknown[] = [CareersPage, HighlightGrid, BRAND, null as unknown as ExposeName<"content">];',
    ].join('\n'),
  },
  shellImportsRemote: {
    file: 'apps/shell/src/boundary-check.ts',
    code: "export type Page = import('@agentora/signups').Anything;\nexport const load = () => import('@agentora/content');\n",
  },
  libImportsApp: {
    file: 'libs/ui/src/boundary-check.ts',
    code: "export { App } from '@agentora/shell';\n",
  },
  browserCodeImportsTool: {
    file: 'apps/careers/src/boundary-check.ts',
    code: "import { createAppConfig } from '@agentora/mf-config';\nexport const config = createAppConfig;\n",
  },
  testImportsTool: {
    file: 'apps/careers/src/boundary-check.test.ts',
    code: "import { createAppConfig } from '@agentora/mf-config';\nexport const config = createAppConfig;\n",
  },
  toolImportsLib: {
    file: 'tools/bench/src/boundary-check.ts',
    code: "import { SITE_PATHS } from '@agentora/data/routes';\nimport { startPreviewSite } from '@agentora/preview';\nexport const used = [SITE_PATHS, startPreviewSite];\n",
  },
};

describe('agentora/module-boundaries in the workspace lint config', () => {
  let findings: Record<keyof typeof CASES, Finding[]>;

  beforeAll(() => {
    const names = Object.keys(CASES) as (keyof typeof CASES)[];
    const results = lintAll(names.map((name) => CASES[name]));
    findings = Object.fromEntries(
      names.map((name, index) => [name, results[index]!]),
    ) as typeof findings;
  });

  it('fails a remote that imports another remote, by package name or by a relative path', () => {
    expect(boundaryFindings(findings.remoteImportsRemote)).toEqual([
      {
        line: 1,
        message: expect.stringContaining(
          '@agentora/content (type:app, type:remote) may not import @agentora/careers (type:app, type:remote)',
        ),
      },
      {
        line: 2,
        message: expect.stringContaining(
          'This relative import leaves @agentora/content for @agentora/careers',
        ),
      },
      {
        line: 2,
        message: expect.stringContaining(
          '@agentora/content (type:app, type:remote) may not import @agentora/careers',
        ),
      },
    ]);
  });

  it('fails the shell importing a remote, even for types or lazily', () => {
    expect(boundaryFindings(findings.shellImportsRemote).map((finding) => finding.line)).toEqual([
      1, 2,
    ]);
    expect(boundaryFindings(findings.shellImportsRemote)[0]!.message).toContain(
      '@agentora/shell (type:app, type:shell) may not import @agentora/signups',
    );
  });

  it('fails a lib that imports an app', () => {
    expect(boundaryFindings(findings.libImportsApp)).toEqual([
      {
        line: 1,
        message: expect.stringContaining('@agentora/ui (type:lib) may not import @agentora/shell'),
      },
    ]);
  });

  it('fails browser code that imports a tool, and lets the same import through in a test', () => {
    expect(boundaryFindings(findings.browserCodeImportsTool)).toEqual([
      {
        line: 1,
        message: expect.stringContaining(
          'may not import @agentora/mf-config (type:tool) from browser code',
        ),
      },
    ]);
    expect(boundaryFindings(findings.testImportsTool)).toEqual([]);
  });

  it('lets tools use libs and other tools', () => {
    expect(boundaryFindings(findings.toolImportsLib)).toEqual([]);
  });
});
