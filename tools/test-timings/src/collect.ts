// Where a timed run's files go in its folder, and reading them back once the phases are done.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJestRuns } from './jest-timings.ts';
import type { PhaseRun, RunRecord } from './model.ts';
import { tasksOfNxProfile } from './nx-profile.ts';
import { playwrightRunOf } from './playwright-report.ts';

/** The files of a run's folder. */
export const runFiles = (outDir: string) => ({
  /** One per phase: NX_PROFILE is read by each nx command, so each phase gets its own. */
  nxProfile: (phase: number) => join(outDir, `nx-profile-${phase}.json`),
  /** One folder and one report for the whole run, so that every phase sees the same environment. */
  jestDir: join(outDir, 'jest'),
  playwrightReport: join(outDir, 'playwright.json'),
  record: join(outDir, 'run.json'),
  summaryJson: join(outDir, 'summary.json'),
  summaryMarkdown: join(outDir, 'summary.md'),
});

/** The phase that was running at a time (the last one started by then). */
export function phaseAt(phases: PhaseRun[]): (ms: number) => number {
  return (ms) => phases.filter((phase) => phase.startMs <= ms).at(-1)?.index ?? phases[0].index;
}

/** The tasks, Jest runs and Playwright run the phases left in the folder, and what is missing. */
export function collect(
  phases: PhaseRun[],
  outDir: string,
  workspaceRoot: string,
): Pick<RunRecord, 'tasks' | 'jest' | 'playwright' | 'missing'> {
  const files = runFiles(outDir);
  const missing: string[] = [];
  const tasks = phases.flatMap((phase) => {
    const file = files.nxProfile(phase.index);
    if (!existsSync(file)) {
      if (/^(npx )?nx /.test(phase.command))
        missing.push(`no Nx profile from phase ${phase.index}`);
      return [];
    }
    return tasksOfNxProfile(JSON.parse(readFileSync(file, 'utf8')), phase.index);
  });
  const at = phaseAt(phases);
  const playwright = existsSync(files.playwrightReport)
    ? [JSON.parse(readFileSync(files.playwrightReport, 'utf8'))].map((report) =>
        playwrightRunOf(report, at(Date.parse(report.stats.startTime)), workspaceRoot),
      )
    : [];
  return { tasks, jest: readJestRuns(files.jestDir, at, workspaceRoot), playwright, missing };
}
