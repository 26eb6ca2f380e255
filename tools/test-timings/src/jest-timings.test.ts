import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JEST_DIR, JEST_PROCESSOR } from './env-variables';
import { readJestRuns } from './jest-timings';
import processor from './jest-results-processor.cjs';
import { aggregatedResults, WORKSPACE } from './test-support/jest-fixture';

describe('Jest timings', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jest-timings-'));
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  const record = (project: string, target: string) => {
    process.env[JEST_DIR] = dir;
    process.env.NX_TASK_TARGET_PROJECT = project;
    process.env.NX_TASK_TARGET_TARGET = target;
    return processor(aggregatedResults);
  };

  it('hands Jest its results back untouched', () => {
    expect(record('@agentora/ui', 'test')).toBe(aggregatedResults);
  });

  it("writes nothing when the timed run did not name a folder (npm test's own run)", () => {
    delete process.env[JEST_DIR];
    processor(aggregatedResults);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("gives each file's time from its environment's load, each test's time and status, under its Nx task", () => {
    record('@agentora/ui', 'test');
    record('@agentora/backend', 'test-postgres');
    const runs = readJestRuns(dir, () => 2, WORKSPACE);
    expect(runs.map((run) => run.task)).toEqual([
      '@agentora/backend:test-postgres',
      '@agentora/ui:test',
    ]);
    const ui = runs[1];
    expect(ui.phase).toBe(2);
    expect(ui.startMs).toBe(aggregatedResults.startTime);
    expect(ui.files).toEqual([
      {
        runner: 'jest',
        project: '@agentora/ui:test',
        file: 'libs/ui/src/Button.test.tsx',
        durationMs: 3_000,
        tests: 4,
        failed: 1,
      },
      {
        runner: 'jest',
        project: '@agentora/ui:test',
        file: 'libs/ui/src/Broken.test.tsx',
        durationMs: 200,
        tests: 0,
        failed: 1,
        error: 'Cannot find module ./nope',
      },
    ]);
    expect(
      ui.tests.map((test) => [test.name, test.durationMs, test.status, test.attempts]),
    ).toEqual([
      ['Button renders', 120, 'passed', 1],
      ['Button submits once', 2_500, 'failed', 1],
      ['Button waits', 900, 'flaky', 2],
      ['Button later', 0, 'skipped', 1],
    ]);
  });

  it('finds no run in a folder that was never written', () => {
    expect(readJestRuns(join(dir, 'none'), () => 1, WORKSPACE)).toEqual([]);
  });

  it('is the processor the Jest preset names when the timed run asks for it, and only then', () => {
    const presetWith = (value: string | undefined) => {
      if (value === undefined) delete process.env[JEST_PROCESSOR];
      else process.env[JEST_PROCESSOR] = value;
      let preset: { testResultsProcessor?: string } = {};
      jest.isolateModules(() => {
        // The preset reads the variable as it loads: a fresh copy each time, so require, not import.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        preset = require('@agentora/jest-preset');
      });
      return preset.testResultsProcessor;
    };
    const path = require.resolve('./jest-results-processor.cjs');
    expect(presetWith(path)).toBe(path);
    expect(presetWith(undefined)).toBeUndefined();
  });
});
