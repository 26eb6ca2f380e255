// What a timed run records, once each source (Nx's profile, Jest's results, Playwright's report, the
// load sampler) has been read. Times are milliseconds; `startMs` is since the epoch.

/** One step of `npm test`'s script (the parts between its `&&`), as it ran. */
export interface PhaseRun {
  index: number;
  command: string;
  startMs: number;
  endMs: number;
  /** null when a signal ended it. */
  exitCode: number | null;
  /**
   * The machine's CPU time while this phase ran (null off Linux): how much of two cores a phase
   * leaves idle says whether running something beside it could shorten the run.
   */
  cpu?: CpuUse | null;
}

/** One Nx task, from the phase's NX_PROFILE. */
export interface TaskTiming {
  phase: number;
  /** `project:target`, as Nx names it. */
  id: string;
  project: string;
  target: string;
  startMs: number;
  durationMs: number;
  /** Nx's word: success, failure, skipped, local-cache, … */
  status: string;
}

export type Runner = 'jest' | 'playwright';

/**
 * Where a test belongs: for Jest, the Nx task that ran it (`@agentora/ui:test`); for Playwright, the
 * e2e run's project (`e2e careers`).
 */
export type TestProject = string;

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'flaky';

export interface TestCaseTiming {
  runner: Runner;
  project: TestProject;
  /** Relative to the workspace root. */
  file: string;
  name: string;
  durationMs: number;
  status: TestStatus;
  /** Runs of it (more than 1 only when a runner retried it). */
  attempts: number;
}

export interface TestFileTiming {
  runner: Runner;
  project: TestProject;
  file: string;
  /**
   * Jest: from loading the file's test environment to its last test's end. Playwright: from its
   * first test's start to its last test's end, in its project.
   */
  durationMs: number;
  tests: number;
  failed: number;
  /** Jest only: the file could not run (a syntax error, a failing hook at the top). */
  error?: string;
}

/** One Jest run (one task's), as its results processor saw it. */
export interface JestRun {
  phase: number;
  task: string;
  startMs: number;
  endMs: number;
  files: TestFileTiming[];
  tests: TestCaseTiming[];
}

/** The Playwright run of one phase, from its JSON report. */
export interface PlaywrightRun {
  phase: number;
  /** From Playwright's reading of its config: before the global set-up. */
  startMs: number;
  /** To the end of the global teardown. */
  durationMs: number;
  /** When the first test began and the last one ended (null when none ran). */
  testsStartMs: number | null;
  testsEndMs: number | null;
  files: TestFileTiming[];
  tests: TestCaseTiming[];
  /** Errors outside any test (global set-up, a file that does not load). */
  errors: string[];
}

export interface LoadSample {
  atMs: number;
  /** The 1-, 5- and 15-minute load averages. */
  load: [number, number, number];
}

/** CPU time, from Linux's /proc: the machine's busy time and the run's own (its waited-for children). */
export interface CpuUse {
  machineBusyMs: number;
  machineTotalMs: number;
  runMs: number;
}

/** Everything a timed run gathered, before it is summarised. */
export interface RunRecord {
  startedAt: string;
  commit: string | null;
  cpus: number;
  /** The variables that change what a run does (CI, NX_SKIP_NX_CACHE, NX_DAEMON, …), as set. */
  env: Record<string, string>;
  phases: PhaseRun[];
  tasks: TaskTiming[];
  jest: JestRun[];
  playwright: PlaywrightRun[];
  load: LoadSample[];
  cpu: CpuUse | null;
  /** What should have been written and was not (an nx phase with no profile, …). */
  missing: string[];
  /** Ctrl-C stopped the run: the phases after the one it stopped did not run. */
  interrupted: boolean;
}
