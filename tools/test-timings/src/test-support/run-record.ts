// A whole run's record from the fixtures: three phases, the Nx profile's tasks in phase 2, one Jest
// run, and an e2e task in phase 3 with its Playwright report.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import processor from '../jest-results-processor.cjs';
import { JEST_DIR } from '../env-variables';
import { jestRunOf } from '../jest-timings';
import type { RunRecord } from '../model';
import { tasksOfNxProfile } from '../nx-profile';
import { playwrightRunOf } from '../playwright-report';
import { aggregatedResults, WORKSPACE } from './jest-fixture';
import { nxProfile, RUN_START_MS } from './nx-profile-fixture';
import { playwrightReport } from './playwright-fixture';

/** The record the processor writes for a task, made by the processor itself. */
function jestRecord(task: string) {
  const [project, target] = task.split(':');
  const saved = { ...process.env };
  const dir = mkdtempSync(join(tmpdir(), 'run-record-'));
  try {
    Object.assign(process.env, {
      [JEST_DIR]: dir,
      NX_TASK_TARGET_PROJECT: project,
      NX_TASK_TARGET_TARGET: target,
    });
    processor(aggregatedResults);
    const [name] = readdirSync(dir);
    return JSON.parse(readFileSync(join(dir, name), 'utf8'));
  } finally {
    process.env = saved;
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (seconds: number) => RUN_START_MS + seconds * 1000;

export function runRecord(): RunRecord {
  return {
    startedAt: new Date(RUN_START_MS).toISOString(),
    commit: 'abc1234',
    cpus: 2,
    env: { CI: 'true', NX_SKIP_NX_CACHE: 'true' },
    phases: [
      { index: 1, command: 'prettier --check .', startMs: s(-30), endMs: s(0), exitCode: 0 },
      {
        index: 2,
        command: 'nx run-many -t test',
        startMs: s(0),
        endMs: s(301),
        exitCode: 1,
        cpu: { machineBusyMs: 561_800, machineTotalMs: 602_000, runMs: 500_000 },
      },
      {
        index: 3,
        command: 'nx run @agentora/e2e:e2e-all',
        startMs: s(301),
        endMs: s(600),
        exitCode: 0,
      },
    ],
    tasks: [
      ...tasksOfNxProfile(nxProfile, 2),
      {
        phase: 3,
        id: '@agentora/e2e:e2e-all',
        project: '@agentora/e2e',
        target: 'e2e-all',
        startMs: s(310),
        durationMs: 290_000,
        status: 'success',
      },
    ],
    jest: [jestRunOf(jestRecord('@agentora/ui:test'), 2, WORKSPACE)],
    playwright: [playwrightRunOf(playwrightReport, 3, WORKSPACE)],
    load: [
      { atMs: s(-30), load: [1, 1, 1] },
      { atMs: s(100), load: [4, 2, 1] },
      { atMs: s(200), load: [6, 3, 1] },
      { atMs: s(500), load: [3, 3, 2] },
    ],
    cpu: { machineBusyMs: 900_000, machineTotalMs: 1_260_000, runMs: 630_000 },
    missing: [],
    interrupted: false,
  };
}
