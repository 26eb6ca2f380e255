import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { manifest, scratchWorkspace } from '../test-support/scratch-workspace';

// ESLint loads eslint.config.mjs as an ES module, which Jest's CommonJS runtime cannot: the run is
// made in a child Node process, as `nx run @agentora/workspace-checks:lint-all` makes it.
const RUN = `
  const { lintWorkspace } = await import(${JSON.stringify(path.join(__dirname, 'run.ts'))});
  process.exitCode = await lintWorkspace(process.argv[1]);
`;

function lint(files: Record<string, string>) {
  const workspace = scratchWorkspace({
    'package.json': JSON.stringify({ workspaces: ['projects/*', 'projects/one/nested'] }),
    // The rule sees each file once per run: a file linted twice would report twice.
    'eslint.config.mjs': `export default [{ files: ['**/*.js'], rules: { 'no-unused-vars': 'error' } }];`,
    'projects/one/package.json': manifest('one', { lint: "eslint . --ignore-pattern 'nested/**'" }),
    'projects/one/nested/package.json': manifest('nested', { lint: 'eslint .' }),
    'projects/two/package.json': manifest('two', { lint: 'eslint .' }),
    'projects/unlinted/package.json': manifest('unlinted', {}),
    'projects/unlinted/wrong.js': 'const unused = 1;\n',
    ...files,
  });
  try {
    return execFileSync(
      process.execPath,
      [
        '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
        '--input-type=module',
        '-e',
        RUN,
        workspace.root,
      ],
      { cwd: workspace.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
    return `exit ${status}\n${stdout}${stderr}`;
  } finally {
    workspace.remove();
  }
}

const CLEAN = {
  'projects/one/a.js': 'export const a = 1;\n',
  'projects/one/nested/b.js': 'export const b = 1;\n',
  'projects/two/c.js': 'export const c = 1;\n',
};

describe('the workspace-wide lint', () => {
  it("lints every linted project's files, nested ones too, each once; exit 0 when clean", () => {
    expect(lint(CLEAN)).toMatch(
      /^lint-all: 3 files of 3 projects, in projects\/one projects\/two: 0 errors/,
    );
  });

  it("fails with exit code 1 and ESLint's report on an error in a nested project", () => {
    const output = lint({ ...CLEAN, 'projects/one/nested/b.js': 'const b = 1;\n' });
    expect(output).toMatch(/^exit 1\n/);
    expect(output).toContain('projects/one/nested/b.js');
    expect(output).toContain("'b' is assigned a value but never used");
    expect(output.match(/never used/g)).toHaveLength(1);
    expect(output).toContain('1 error');
  });

  it('refuses a lint script that would leave out files no other project lints', () => {
    const output = lint({
      ...CLEAN,
      'projects/two/package.json': manifest('two', { lint: "eslint . --ignore-pattern 'gen/**'" }),
    });
    expect(output).toMatch(/^exit 1\n/);
    expect(output).toContain(`two: its lint script "eslint . --ignore-pattern 'gen/**'" is not`);
  });
});
