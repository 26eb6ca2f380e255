import { renderMarkdown, duration } from './markdown';
import { loadStats, SLOWEST, summarise } from './summary';
import { runRecord } from './test-support/run-record';

describe('the summary of a run', () => {
  const summary = summarise(runRecord());

  it("is the phases' whole wall time, each phase's and its load", () => {
    expect(summary.wallMs).toBe(630_000);
    expect(summary.phases.map((phase) => [phase.wallMs, phase.exitCode, phase.load])).toEqual([
      [30_000, 0, { mean: 1, max: 1, samples: 1 }],
      [301_000, 1, { mean: 5, max: 6, samples: 2 }],
      [299_000, 0, { mean: 3, max: 3, samples: 1 }],
    ]);
    expect(summary.load).toEqual({ mean: 3.5, max: 6, samples: 4 });
  });

  it("gives each phase's share of the machine's CPU busy, where it was read", () => {
    expect(summary.phases.map((phase) => phase.cpuBusy)).toEqual([null, 0.93, null]);
  });

  it("gives the machine's CPU shares: busy, this run's, and other work's", () => {
    expect(summary.cpu).toEqual({ machineBusy: 0.71, run: 0.5, others: 0.21 });
  });

  it('lists tasks slowest first, with their start after the run began, and totals per target', () => {
    expect(summary.slowestTasks.map((task) => [task.id, task.durationMs, task.offsetMs])).toEqual([
      ['@agentora/backend:test', 300_000, 30_500],
      ['@agentora/e2e:e2e-all', 290_000, 340_000],
      ['@agentora/ui:test', 45_000, 51_000],
      ['@agentora/ui:lint', 20_000, 31_000],
      ['@agentora/ui:typecheck', 12_000, 96_000],
    ]);
    expect(summary.targets).toEqual([
      { target: 'test', tasks: 2, totalMs: 345_000, longestMs: 300_000 },
      { target: 'e2e-all', tasks: 1, totalMs: 290_000, longestMs: 290_000 },
      { target: 'lint', tasks: 1, totalMs: 20_000, longestMs: 20_000 },
      { target: 'typecheck', tasks: 1, totalMs: 12_000, longestMs: 12_000 },
    ]);
  });

  it('puts Jest and Playwright files and tests in one ranking, each with its project', () => {
    expect(summary.slowestFiles.map((file) => [file.project, file.file, file.durationMs])).toEqual([
      ['e2e careers', 'e2e/careers/careers-application.spec.ts', 60_000],
      ['e2e shell', 'e2e/shell/shell-routes.spec.ts', 12_000],
      ['@agentora/ui:test', 'libs/ui/src/Button.test.tsx', 3_000],
      ['@agentora/ui:test', 'libs/ui/src/Broken.test.tsx', 200],
    ]);
    expect(summary.slowestTests.slice(0, 3).map((test) => [test.project, test.name])).toEqual([
      ['e2e careers', 'rate limit › refuses the sixth'],
      ['e2e shell', 'every route answers'],
      ['e2e careers', 'applies with a résumé'],
    ]);
    expect(summary.tests).toEqual({
      jest: { files: 2, tests: 4, totalMs: 3_520 },
      playwright: { files: 2, tests: 4, totalMs: 71_000 },
    });
  });

  it('keeps the slowest 20 only', () => {
    const record = runRecord();
    const [task] = record.tasks;
    record.tasks = Array.from({ length: 30 }, (_, i) => ({
      ...task,
      id: `p${i}:lint`,
      durationMs: i,
    }));
    const many = summarise(record);
    expect(many.slowestTasks).toHaveLength(SLOWEST);
    expect(many.slowestTasks[0].id).toBe('p29:lint');
    expect(many.tasks).toHaveLength(30);
  });

  it('names what failed, what passed only on a retry, and errors outside a test', () => {
    expect(summary.failedTasks).toEqual(['@agentora/backend:test']);
    expect(summary.failedTests.map((test) => test.name)).toEqual([
      'Button submits once',
      'every route answers',
    ]);
    expect(summary.flakyTests.map((test) => test.name)).toEqual([
      'Button waits',
      'rate limit › refuses the sixth',
    ]);
    expect(summary.errors).toEqual([
      '@agentora/ui:test libs/ui/src/Broken.test.tsx: Cannot find module ./nope',
      'Playwright: Error: the site did not start',
    ]);
  });

  it('says which test task left no Jest results and which e2e task no Playwright report', () => {
    expect(summary.missing).toEqual(['no Jest results from @agentora/backend:test (phase 2)']);
    const record = runRecord();
    record.playwright = [];
    record.interrupted = true;
    expect(summarise(record).missing).toEqual([
      'the run was interrupted (Ctrl-C): later phases did not run',
      'no Jest results from @agentora/backend:test (phase 2)',
      'no Playwright report from @agentora/e2e:e2e-all (phase 3)',
    ]);
  });

  it('takes the last sample before a window too short to hold one, and none without any', () => {
    const samples = [
      { atMs: 0, load: [2, 1, 1] as [number, number, number] },
      { atMs: 5_000, load: [3, 1, 1] as [number, number, number] },
    ];
    expect(loadStats(samples, 1_000, 4_000)).toEqual({ mean: 2, max: 2, samples: 1 });
    expect(loadStats([], 0, 1)).toEqual({ mean: 0, max: 0, samples: 0 });
  });

  it("gives each Playwright run's length, before its first test and after its last", () => {
    expect(summary.playwrightRuns).toEqual([
      { phase: 3, durationMs: 75_000, beforeTestsMs: 10_000, afterTestsMs: 5_000 },
    ]);
  });
});

describe('the markdown summary', () => {
  const markdown = renderMarkdown(summarise(runRecord()));

  it('says the conditions, the total and a table per question', () => {
    expect(markdown).toContain('commit abc1234: 2 cores, CI=true, NX_SKIP_NX_CACHE=true');
    expect(markdown).toContain('load average (1 min) mean 3.5, max 6');
    expect(markdown).toContain(
      '**Total wall time: 10 min 30 s.** Jest: 4 tests in 2 files, 3.5 s of test time; Playwright: ' +
        "4 tests in 2 files, 1 min 11 s. Playwright's run in phase 3: 1 min 15 s, of which 10.0 s " +
        'before its first test (global set-up) and 5.0 s after its last (global teardown).',
    );
    for (const heading of [
      '## Phases',
      '## By target',
      '## The 5 slowest tasks',
      '## The 4 slowest test files',
      '## The 8 slowest tests',
      '## Every task',
    ])
      expect(markdown).toContain(heading);
    expect(markdown).toContain('| @agentora/backend:test | 2 | 5 min 00 s | +0:31 | failure |');
    expect(markdown).toContain('| 2 | `nx run-many -t test` | 5 min 01 s | 1 | 5 / 6 | 93 % |');
    expect(markdown).toContain('| 1 | `prettier --check .` | 30.0 s | 0 | 1 / 1 | not read |');
    expect(markdown).toContain(
      '| rate limit › refuses the sixth | e2e/careers/careers-application.spec.ts | e2e careers | 51.0 s | flaky |',
    );
  });

  it('lists failures, retries and what was not recorded', () => {
    expect(markdown).toContain('- task failed: @agentora/backend:test');
    expect(markdown).toContain(
      '- passed only on attempt 2: e2e careers e2e/careers/careers-application.spec.ts › rate limit › refuses the sixth',
    );
    expect(markdown).toContain(
      '- not recorded: no Jest results from @agentora/backend:test (phase 2)',
    );
  });

  it('escapes a | in a cell', () => {
    const record = runRecord();
    record.playwright[0].tests[0].name = 'a | b';
    expect(renderMarkdown(summarise(record))).toContain('| a \\| b |');
  });

  it('writes times in seconds, and minutes from a minute', () => {
    expect(duration(12_345)).toBe('12.3 s');
    expect(duration(185_000)).toBe('3 min 05 s');
  });
});
