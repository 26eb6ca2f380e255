// `npm run test:timings [-- --out <dir>] [--phase <command> …]`: runs what `npm test` runs, each
// step of its script (package.json) as a phase, and writes where the time went (docs/development.md,
// "Where the test time goes"). `--summarise <dir>` writes a recorded run's summary again.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '@agentora/command-line';
import { collect, runFiles } from './collect.ts';
import {
  CONDITIONS,
  JEST_DIR,
  JEST_PROCESSOR,
  NX_PROFILE,
  PLAYWRIGHT_JSON,
} from './env-variables.ts';
import { cpuUse, readCpuTicks, sampleLoad } from './machine-load.ts';
import { renderMarkdown } from './markdown.ts';
import type { PhaseRun, RunRecord } from './model.ts';
import { phasesOf } from './phases.ts';
import { runPhase } from './run-phase.ts';
import { summarise } from './summary.ts';

const here = dirname(fileURLToPath(import.meta.url));
const workspaceRoot = resolve(here, '../../..');

const { values } = readCommandLine({
  command: 'npm run test:timings',
  usage: `usage: npm run test:timings [-- --out <dir>] [--phase <command> …]
       npm run test:timings -- --summarise <dir>

Runs what \`npm test\` runs, each step of its script a phase (all of them, even after one fails), and
writes where the time went to <dir> (default tmp/test-timings): summary.md, summary.json, run.json,
with Nx's task profiles and Jest's and Playwright's results beside them. Exit code: the first failed
phase's, else 0. --phase (repeatable) runs those commands instead of npm test's, to try it on a few
tasks. --summarise reads a run's folder again (its run.json and the files beside it) and writes its
summary anew, running nothing.`,
  options: {
    out: { type: 'string' },
    phase: { type: 'string', multiple: true },
    summarise: { type: 'string' },
  },
});

/** Writes a run's record and summary into its folder; prints the summary's head. */
function writeSummary(record: RunRecord, outDir: string) {
  const files = runFiles(outDir);
  const summary = summarise(record);
  const markdown = renderMarkdown(summary);
  writeFileSync(files.record, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(files.summaryJson, `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(files.summaryMarkdown, markdown);
  const head = markdown.slice(0, markdown.indexOf('## By target')).trimEnd();
  process.stdout.write(
    `\n${head}\n\nThe whole summary: ${relative(process.cwd(), files.summaryMarkdown)}\n`,
  );
}

if (values.summarise !== undefined) {
  const dir = resolve(workspaceRoot, values.summarise);
  const recorded: RunRecord = JSON.parse(readFileSync(runFiles(dir).record, 'utf8'));
  writeSummary({ ...recorded, ...collect(recorded.phases, dir, workspaceRoot) }, dir);
  process.exit(0);
}

const outDir = resolve(workspaceRoot, values.out ?? 'tmp/test-timings');
const files = runFiles(outDir);
const packageJson = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8'));
const commands = values.phase ?? phasesOf(packageJson.scripts.test);

// Only what an earlier run of this command wrote: --out may name a folder that holds other things.
for (const file of [
  files.jestDir,
  files.playwrightReport,
  files.record,
  files.summaryJson,
  files.summaryMarkdown,
])
  rmSync(file, { recursive: true, force: true });
commands.forEach((_, i) => rmSync(files.nxProfile(i + 1), { force: true }));
mkdirSync(outDir, { recursive: true });

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: workspaceRoot, encoding: 'utf8' }).trim();
let commit: string | null = null;
try {
  commit =
    git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? ' (with changes)' : '');
} catch {
  // Not a git checkout: the summary says "unknown".
}

let interrupted = false;
// Ctrl-C reaches the running phase too; this process stays to write what the run got so far.
process.on('SIGINT', () => {
  interrupted = true;
});

const startedAt = new Date().toISOString();
const load = sampleLoad();
const cpuBefore = readCpuTicks();
const phases: PhaseRun[] = [];
for (const [i, command] of commands.entries()) {
  if (interrupted) break;
  const index = i + 1;
  process.stderr.write(`test:timings: phase ${index}/${commands.length}: ${command}\n`);
  const phaseCpuBefore = readCpuTicks();
  const phase = await runPhase(index, command, workspaceRoot, {
    ...process.env,
    // Nx joins it to its working directory, the workspace root.
    [NX_PROFILE]: relative(workspaceRoot, files.nxProfile(index)),
    [JEST_PROCESSOR]: join(here, 'jest-results-processor.cjs'),
    [JEST_DIR]: files.jestDir,
    [PLAYWRIGHT_JSON]: files.playwrightReport,
  });
  phases.push({ ...phase, cpu: cpuUse(phaseCpuBefore, readCpuTicks()) });
}
const cpu = cpuUse(cpuBefore, readCpuTicks());

const record: RunRecord = {
  startedAt,
  commit,
  cpus: availableParallelism(),
  env: Object.fromEntries(
    CONDITIONS.filter((name) => process.env[name] !== undefined).map((name) => [
      name,
      process.env[name] ?? '',
    ]),
  ),
  phases,
  ...collect(phases, outDir, workspaceRoot),
  load: load.stop(),
  cpu,
  interrupted,
};
writeSummary(record, outDir);
const failed = phases.find((phase) => phase.exitCode !== 0);
process.exitCode = failed ? (failed.exitCode ?? 1) : interrupted ? 130 : 0;
