// Reads Playwright's JSON report (its `json` reporter; e2e/playwright.config.ts adds it for the timed
// run): files, then describe blocks, then specs, each spec with one test per Playwright project and
// one result per attempt.
import { join, relative } from 'node:path';
import type { PlaywrightRun, TestCaseTiming, TestFileTiming, TestStatus } from './model.ts';

interface Result {
  status: string;
  duration: number;
  startTime: string;
}
interface Test {
  projectName: string;
  status: string;
  results: Result[];
}
interface Spec {
  title: string;
  file: string;
  tests: Test[];
}
interface Suite {
  title: string;
  specs?: Spec[];
  suites?: Suite[];
}
export interface PlaywrightJsonReport {
  config: { rootDir: string };
  suites: Suite[];
  errors?: { message?: string }[];
  stats: { startTime: string; duration: number };
}

const STATUS: Record<string, TestStatus> = {
  expected: 'passed',
  unexpected: 'failed',
  flaky: 'flaky',
  skipped: 'skipped',
};

/** The project a Playwright test ran in, as the summary names it. */
export const playwrightProject = (name: string) => `e2e ${name}`;

/** One phase's Playwright run: every test with its time and status, and each file's span. */
export function playwrightRunOf(
  report: PlaywrightJsonReport,
  phase: number,
  workspaceRoot: string,
): PlaywrightRun {
  const tests: (TestCaseTiming & { startMs: number; endMs: number })[] = [];
  const visit = (suite: Suite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(workspaceRoot, join(report.config.rootDir, spec.file));
      for (const test of spec.tests) {
        const starts = test.results.map((result) => Date.parse(result.startTime));
        const ends = test.results.map((result, i) => starts[i] + result.duration);
        tests.push({
          runner: 'playwright',
          project: playwrightProject(test.projectName),
          file,
          name: [...titles, spec.title].join(' › '),
          durationMs: test.results.reduce((sum, result) => sum + result.duration, 0),
          status: STATUS[test.status] ?? 'failed',
          attempts: test.results.length,
          startMs: Math.min(...starts),
          endMs: Math.max(...ends),
        });
      }
    }
    for (const inner of suite.suites ?? []) visit(inner, [...titles, inner.title]);
  };
  // The top suites are the files: their title is the file's name, which `file` already says.
  for (const fileSuite of report.suites) visit(fileSuite, []);

  const files = new Map<string, TestFileTiming & { startMs: number; endMs: number }>();
  for (const test of tests.filter((test) => test.attempts > 0)) {
    const key = `${test.project}\n${test.file}`;
    const file = files.get(key) ?? {
      runner: 'playwright' as const,
      project: test.project,
      file: test.file,
      durationMs: 0,
      tests: 0,
      failed: 0,
      startMs: test.startMs,
      endMs: test.endMs,
    };
    file.tests += 1;
    if (test.status === 'failed') file.failed += 1;
    file.startMs = Math.min(file.startMs, test.startMs);
    file.endMs = Math.max(file.endMs, test.endMs);
    file.durationMs = file.endMs - file.startMs;
    files.set(key, file);
  }
  const ranTests = tests.filter((test) => test.attempts > 0);
  return {
    phase,
    startMs: Date.parse(report.stats.startTime),
    durationMs: report.stats.duration,
    testsStartMs: ranTests.length ? Math.min(...ranTests.map((test) => test.startMs)) : null,
    testsEndMs: ranTests.length ? Math.max(...ranTests.map((test) => test.endMs)) : null,
    files: [...files.values()].map(({ startMs: _s, endMs: _e, ...file }) => file),
    tests: tests.map(({ startMs: _s, endMs: _e, ...test }) => test),
    errors: (report.errors ?? []).map((error) => (error.message ?? '').split('\n')[0]),
  };
}
