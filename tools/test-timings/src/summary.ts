// Where the time of a timed run went: totals, phases, targets, the slowest tasks, files and tests,
// and what failed or passed only on a retry. Pure: from a RunRecord to the summary written as JSON
// and rendered as markdown (markdown.ts).
import type { LoadSample, RunRecord, TaskTiming, TestCaseTiming, TestFileTiming } from './model.ts';

/** How many of the slowest tasks, files and tests the summary lists. */
export const SLOWEST = 20;

export interface LoadStats {
  /** The 1-minute load average over the samples taken. */
  mean: number;
  max: number;
  samples: number;
}

export interface Summary {
  startedAt: string;
  commit: string | null;
  cpus: number;
  env: Record<string, string>;
  wallMs: number;
  load: LoadStats;
  /** Shares of the machine's CPU time during the run, 0–1; null off Linux. */
  cpu: { machineBusy: number; run: number; others: number } | null;
  phases: {
    index: number;
    command: string;
    wallMs: number;
    exitCode: number | null;
    load: LoadStats;
    /** Share of the machine's CPU time busy during the phase, 0–1; null when not read. */
    cpuBusy: number | null;
  }[];
  /** Per target: its tasks' times added up (tasks run side by side, so this is not wall time). */
  targets: { target: string; tasks: number; totalMs: number; longestMs: number }[];
  /** Every task, slowest first, with its start after the run's start. */
  tasks: (TaskTiming & { offsetMs: number })[];
  tests: Record<'jest' | 'playwright', { files: number; tests: number; totalMs: number }>;
  /**
   * Each Playwright run from its start to its end, and the parts of it before its first test (the
   * global set-up: the site and backend the tests share) and after its last (the global teardown).
   */
  playwrightRuns: {
    phase: number;
    durationMs: number;
    beforeTestsMs: number;
    afterTestsMs: number;
  }[];
  slowestTasks: (TaskTiming & { offsetMs: number })[];
  slowestFiles: TestFileTiming[];
  slowestTests: TestCaseTiming[];
  failedTasks: string[];
  failedTests: TestCaseTiming[];
  /** Tests that failed, then passed on a retry: intermittent. */
  flakyTests: TestCaseTiming[];
  /** Files that could not run, and errors outside any test. */
  errors: string[];
  /** What should have been recorded and was not. */
  missing: string[];
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * The 1-minute load average over the samples taken between two times; for a window shorter than the
 * sampling interval, the last sample before it.
 */
export function loadStats(samples: LoadSample[], fromMs = -Infinity, toMs = Infinity): LoadStats {
  let inside = samples.filter((sample) => sample.atMs >= fromMs && sample.atMs <= toMs);
  if (inside.length === 0) inside = samples.filter((sample) => sample.atMs < fromMs).slice(-1);
  const ones = inside.map((sample) => sample.load[0]);
  if (ones.length === 0) return { mean: 0, max: 0, samples: 0 };
  return {
    mean: round(ones.reduce((sum, one) => sum + one, 0) / ones.length),
    max: round(Math.max(...ones)),
    samples: ones.length,
  };
}

const slowestFirst = <T extends { durationMs: number }>(items: T[]) =>
  [...items].sort((a, b) => b.durationMs - a.durationMs);

/** Tasks that ran (not read from a cache, not skipped). */
const ran = (task: TaskTiming) => task.status === 'success' || task.status === 'failure';

/** The targets whose tasks run Jest, and those that run Playwright. */
const JEST_TARGETS = new Set(['test', 'test-postgres']);
const runsPlaywright = (task: TaskTiming) => task.target.startsWith('e2e');

function missingRecords(record: RunRecord): string[] {
  const jestTasks = new Set(record.jest.map((run) => `${run.phase} ${run.task}`));
  const playwrightPhases = new Set(record.playwright.map((run) => run.phase));
  const missing = [...record.missing];
  if (record.interrupted)
    missing.push('the run was interrupted (Ctrl-C): later phases did not run');
  for (const task of record.tasks.filter(ran)) {
    if (JEST_TARGETS.has(task.target) && !jestTasks.has(`${task.phase} ${task.id}`))
      missing.push(`no Jest results from ${task.id} (phase ${task.phase})`);
    if (runsPlaywright(task) && !playwrightPhases.has(task.phase))
      missing.push(`no Playwright report from ${task.id} (phase ${task.phase})`);
  }
  return missing;
}

export function summarise(record: RunRecord): Summary {
  const startMs = Math.min(...record.phases.map((phase) => phase.startMs));
  const endMs = Math.max(...record.phases.map((phase) => phase.endMs));
  const wallMs = endMs - startMs;
  const tasks = slowestFirst(record.tasks).map((task) => ({
    ...task,
    offsetMs: task.startMs - startMs,
  }));
  const targets = new Map<string, Summary['targets'][number]>();
  for (const task of tasks) {
    const entry = targets.get(task.target) ?? {
      target: task.target,
      tasks: 0,
      totalMs: 0,
      longestMs: 0,
    };
    entry.tasks += 1;
    entry.totalMs += task.durationMs;
    entry.longestMs = Math.max(entry.longestMs, task.durationMs);
    targets.set(task.target, entry);
  }
  const runs = [...record.jest, ...record.playwright];
  const files = runs.flatMap((run) => run.files);
  const tests = runs.flatMap((run) => run.tests);
  const totals = (runner: 'jest' | 'playwright') => ({
    files: files.filter((file) => file.runner === runner).length,
    tests: tests.filter((test) => test.runner === runner).length,
    totalMs: tests
      .filter((test) => test.runner === runner)
      .reduce((sum, test) => sum + test.durationMs, 0),
  });
  const cpu = record.cpu;
  return {
    startedAt: record.startedAt,
    commit: record.commit,
    cpus: record.cpus,
    env: record.env,
    wallMs,
    load: loadStats(record.load),
    cpu:
      cpu && cpu.machineTotalMs > 0
        ? {
            machineBusy: round(cpu.machineBusyMs / cpu.machineTotalMs),
            run: round(cpu.runMs / cpu.machineTotalMs),
            others: round(Math.max(0, cpu.machineBusyMs - cpu.runMs) / cpu.machineTotalMs),
          }
        : null,
    phases: record.phases.map((phase) => ({
      index: phase.index,
      command: phase.command,
      wallMs: phase.endMs - phase.startMs,
      exitCode: phase.exitCode,
      load: loadStats(record.load, phase.startMs, phase.endMs),
      cpuBusy:
        phase.cpu && phase.cpu.machineTotalMs > 0
          ? round(phase.cpu.machineBusyMs / phase.cpu.machineTotalMs)
          : null,
    })),
    targets: [...targets.values()].sort((a, b) => b.totalMs - a.totalMs),
    tasks,
    tests: { jest: totals('jest'), playwright: totals('playwright') },
    playwrightRuns: record.playwright.map((run) => ({
      phase: run.phase,
      durationMs: run.durationMs,
      beforeTestsMs: (run.testsStartMs ?? run.startMs + run.durationMs) - run.startMs,
      afterTestsMs: run.testsEndMs === null ? 0 : run.startMs + run.durationMs - run.testsEndMs,
    })),
    slowestTasks: tasks.slice(0, SLOWEST),
    slowestFiles: slowestFirst(files).slice(0, SLOWEST),
    slowestTests: slowestFirst(tests).slice(0, SLOWEST),
    failedTasks: tasks.filter((task) => task.status === 'failure').map((task) => task.id),
    failedTests: tests.filter((test) => test.status === 'failed'),
    flakyTests: tests.filter((test) => test.status === 'flaky'),
    errors: [
      ...files
        .filter((file) => file.error)
        .map((file) => `${file.project} ${file.file}: ${file.error}`),
      ...record.playwright.flatMap((run) => run.errors.map((error) => `Playwright: ${error}`)),
    ],
    missing: missingRecords(record),
  };
}
