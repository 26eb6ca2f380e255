import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collect, phaseAt, runFiles } from './collect';
import type { PhaseRun } from './model';
import { nxProfile, RUN_START_MS } from './test-support/nx-profile-fixture';
import { playwrightReport } from './test-support/playwright-fixture';

const phase = (index: number, command: string, startMs: number, endMs: number): PhaseRun => ({
  index,
  command,
  startMs,
  endMs,
  exitCode: 0,
});

describe("a run's folder", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'collect-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const e2eStart = Date.parse(playwrightReport.stats.startTime);
  const phases = [
    phase(1, 'prettier --check .', RUN_START_MS - 10_000, RUN_START_MS),
    phase(2, 'nx run-many -t test', RUN_START_MS, e2eStart - 1_000),
    phase(3, 'nx run @agentora/e2e:e2e-all', e2eStart - 1_000, e2eStart + 80_000),
  ];

  it('gives each time the phase running then', () => {
    const at = phaseAt(phases);
    expect([RUN_START_MS - 20_000, RUN_START_MS - 1, RUN_START_MS, e2eStart].map(at)).toEqual([
      1, 1, 2, 3,
    ]);
  });

  it("reads each phase's Nx profile and the Playwright report, in the phase it started in", () => {
    const files = runFiles(dir);
    writeFileSync(files.nxProfile(2), JSON.stringify(nxProfile));
    writeFileSync(files.playwrightReport, JSON.stringify(playwrightReport));
    mkdirSync(files.jestDir);
    const found = collect(phases, dir, '/repo');
    expect(found.tasks.map((task) => [task.phase, task.id])).toContainEqual([
      2,
      '@agentora/ui:test',
    ]);
    expect(found.playwright.map((run) => run.phase)).toEqual([3]);
    expect(found.jest).toEqual([]);
    // Phase 1 is not an nx command: no profile expected from it.
    expect(found.missing).toEqual(['no Nx profile from phase 3']);
  });
});
