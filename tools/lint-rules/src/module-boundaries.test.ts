import { lintAll, type Finding } from './test-support/lint-in-workspace.ts';

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
  backendImportsItsRules: {
    file: 'supabase/functions/confirm-email/boundary-check.ts',
    code: "import { isLineList } from '../_shared/rules/places.ts';\nexport const used = isLineList;\n",
  },
  rulesImportBackend: {
    file: 'supabase/functions/_shared/rules/boundary-check.ts',
    code: "import { escapeHtml } from '../mail/html.ts';\nexport const used = escapeHtml;\n",
  },
  libImportsBackend: {
    file: 'libs/data/src/boundary-check.ts',
    code: [
      "import { escapeHtml } from '@agentora/backend/mail/html';",
      "import { isLineList } from '@agentora/backend-rules/places';",
      'export const used = [escapeHtml, isLineList];',
    ].join('\n'),
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

  it('lets the backend reach its nested rules by path, and never the reverse', () => {
    expect(boundaryFindings(findings.backendImportsItsRules)).toEqual([]);
    expect(boundaryFindings(findings.rulesImportBackend)).toEqual([
      {
        line: 1,
        message: expect.stringContaining(
          'This relative import leaves @agentora/backend-rules for @agentora/backend',
        ),
      },
      {
        line: 1,
        message: expect.stringContaining(
          '@agentora/backend-rules (type:backend-rules) may not import @agentora/backend',
        ),
      },
    ]);
  });

  it("lets a lib's browser code share the backend's rules, not the rest of the backend", () => {
    expect(boundaryFindings(findings.libImportsBackend)).toEqual([
      {
        line: 1,
        message: expect.stringContaining(
          '@agentora/data (type:lib) may not import @agentora/backend (type:backend) from browser code',
        ),
      },
    ]);
  });

  it('lets tools use libs and other tools', () => {
    expect(boundaryFindings(findings.toolImportsLib)).toEqual([]);
  });
});
