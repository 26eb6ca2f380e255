import { playwrightRunOf } from './playwright-report';
import { playwrightReport } from './test-support/playwright-fixture';

describe("Playwright's JSON report", () => {
  const run = playwrightRunOf(playwrightReport, 3, '/repo');

  it('gives every test its project, file, describe path, time over its attempts and status', () => {
    expect(
      run.tests.map((test) => [
        test.project,
        test.file,
        test.name,
        test.durationMs,
        test.status,
        test.attempts,
      ]),
    ).toEqual([
      [
        'e2e careers',
        'e2e/careers/careers-application.spec.ts',
        'applies with a résumé',
        8_000,
        'passed',
        1,
      ],
      [
        'e2e careers',
        'e2e/careers/careers-application.spec.ts',
        'rate limit › refuses the sixth',
        51_000,
        'flaky',
        2,
      ],
      ['e2e shell', 'e2e/shell/shell-routes.spec.ts', 'every route answers', 12_000, 'failed', 1],
      ['e2e shell', 'e2e/shell/shell-routes.spec.ts', 'skipped here', 0, 'skipped', 0],
    ]);
  });

  it("gives each file the span from its first test's start to its last one's end", () => {
    expect(run.files).toEqual([
      {
        runner: 'playwright',
        project: 'e2e careers',
        file: 'e2e/careers/careers-application.spec.ts',
        durationMs: 60_000,
        tests: 2,
        failed: 0,
      },
      {
        runner: 'playwright',
        project: 'e2e shell',
        file: 'e2e/shell/shell-routes.spec.ts',
        durationMs: 12_000,
        tests: 1,
        failed: 1,
      },
    ]);
  });

  it("keeps the run's start, length, its tests' first start and last end, and the errors outside any test", () => {
    expect(run.phase).toBe(3);
    expect(run.startMs).toBe(Date.parse('2026-01-01T09:59:50.000Z'));
    expect(run.durationMs).toBe(75_000);
    expect(run.testsStartMs).toBe(Date.parse('2026-01-01T10:00:00.000Z'));
    expect(run.testsEndMs).toBe(Date.parse('2026-01-01T10:01:00.000Z'));
    expect(run.errors).toEqual(['Error: the site did not start']);
  });
});

describe('a Playwright report where no test ran', () => {
  it('has no first test start or last test end', () => {
    const run = playwrightRunOf({ ...playwrightReport, suites: [] }, 3, '/repo');
    expect([run.testsStartMs, run.testsEndMs, run.tests]).toEqual([null, null, []]);
  });
});
