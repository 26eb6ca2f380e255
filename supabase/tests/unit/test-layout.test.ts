import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The backend's Jest tests by kind, so that nothing is left out by a list: tests/unit holds the tests of
// the functions' modules with fakes (run once, by `test`), tests/ the tests that reach a database (all
// run on PostgreSQL by test-postgres, those of tests/pglite/on-pglite-too.cjs on PGlite by `test` too),
// tests/deno the Deno tests.
const tests = path.resolve(import.meta.dirname, '..');
const REACHES_A_DATABASE =
  /\b(startTestServer|startConsoleServer|openTestDatabase|openDatabase|startMailWorker)\b/;
const testFiles = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({ name, text: fs.readFileSync(path.join(folder, name), 'utf8') }));

it('a test in tests/unit reaches no database', () => {
  const reaching = testFiles(import.meta.dirname)
    .filter((file) => file.name !== 'test-layout.test.ts' && REACHES_A_DATABASE.test(file.text))
    .map((file) => file.name);
  expect(reaching).toEqual([]);
});

it('a test in tests/ reaches one (else it belongs in tests/unit, and would run on no database)', () => {
  const notReaching = testFiles(tests)
    .filter(
      (file) => !REACHES_A_DATABASE.test(file.text) && !file.name.endsWith('.postgres.test.ts'),
    )
    .map((file) => file.name);
  expect(notReaching).toEqual([]);
});

it('every test named to run on PGlite too is a database test of tests/, named once', () => {
  const { callsEveryFunction, engineMatters } = createRequire(import.meta.url)(
    path.join(tests, 'pglite/on-pglite-too.cjs'),
  ) as Record<string, string[]>;
  const named = [...engineMatters, ...callsEveryFunction];
  const databaseTests = testFiles(tests)
    .filter((file) => !file.name.endsWith('.postgres.test.ts'))
    .map((file) => file.name.replace(/\.test\.ts$/, ''));
  expect(named.filter((name) => !databaseTests.includes(name))).toEqual([]);
  expect(new Set(named).size).toBe(named.length);
});
