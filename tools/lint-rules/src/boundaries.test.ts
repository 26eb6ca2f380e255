import { isNodeOnlyFile, mayImport } from './boundaries';

describe('mayImport', () => {
  it.each([
    [['type:app', 'type:remote'], ['type:lib'], true],
    [['type:app', 'type:remote'], ['type:app', 'type:remote'], false],
    [['type:app', 'type:remote'], ['type:app', 'type:shell'], false],
    [['type:app', 'type:shell'], ['type:app', 'type:remote'], false],
    [['type:app', 'type:shell'], ['type:lib'], true],
    [['type:lib'], ['type:app', 'type:shell'], false],
    [['type:lib'], ['type:tool'], false],
    [['type:tool'], ['type:lib'], true],
    [['type:tool'], ['type:tool'], true],
    [['type:tool'], ['type:app', 'type:remote'], false],
    [['type:e2e'], ['type:app', 'type:remote'], true],
    [['type:lib'], [], false],
    [['type:lib'], ['type:backend'], false],
    [['type:lib'], ['type:backend-rules'], true],
    [['type:tool'], ['type:backend'], true],
    [['type:tool'], ['type:backend-rules'], true],
    [['type:app', 'type:remote'], ['type:backend'], false],
    [['type:app', 'type:remote'], ['type:backend-rules'], false],
    [['type:backend'], ['type:backend-rules'], true],
    [['type:backend-rules'], ['type:backend'], false],
    [['type:backend-rules'], ['type:lib'], false],
    [['type:test'], ['type:lib'], true],
    [['type:lib'], ['type:test'], false],
    [['type:backend'], ['type:lib'], false],
    [['type:backend'], ['type:tool'], false],
    [['type:backend'], ['type:app', 'type:remote'], false],
  ])('%j → %j: %s', (source, target, allowed) => {
    expect(mayImport(source, target)).toBe(allowed);
  });

  it('lets the build and test files of apps and libs use tools, never another app', () => {
    expect(mayImport(['type:lib'], ['type:tool'], true)).toBe(true);
    expect(mayImport(['type:backend'], ['type:tool'], true)).toBe(true);
    expect(mayImport(['type:backend'], ['type:lib'], true)).toBe(false);
    expect(mayImport(['type:app', 'type:remote'], ['type:backend'], true)).toBe(true);
    expect(mayImport(['type:app', 'type:remote'], ['type:backend-rules'], true)).toBe(true);
    expect(mayImport(['type:lib'], ['type:backend'], true)).toBe(true);
    expect(mayImport(['type:app', 'type:remote'], ['type:app', 'type:remote'], true)).toBe(false);
  });
});

describe('isNodeOnlyFile', () => {
  it.each([
    'rspack.config.ts',
    'jest.config.cjs',
    'src/a/b.test.tsx',
    'src/test/render.tsx',
    'src/test-support/render.tsx',
    'src/backend/testing/global-setup.ts',
    'tests/migrations.test.ts',
    'tests/support/consent.ts',
  ])('%s runs in Node', (file) => expect(isNodeOnlyFile(file)).toBe(true));

  it.each([
    'src/index.ts',
    'src/exposed/CareersPage.tsx',
    'src/config/site.config.ts',
    'src/latest/contest.ts',
    'src/benchmark.ts',
    'src/transcripts/view.ts',
    // A benchmark or a script is a tool's (tools/db-bench), not a way for an app, a lib or the backend
    // to import tools.
    'bench/line-places.ts',
    'scripts/seed-a-database.ts',
  ])('%s is browser code', (file) => {
    expect(isNodeOnlyFile(file)).toBe(false);
  });
});
