// The summary as markdown: what a person reads first (summary.md beside summary.json).
import type { Summary } from './summary.ts';

/** 12.3 s under a minute, 3 min 05 s from there. */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** +m:ss after the run's start. */
const offset = (ms: number) => {
  const whole = Math.max(0, Math.round(ms / 1000));
  return `+${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const cell = (text: string | number) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(headings: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${headings.join(' | ')} |`,
    `| ${headings.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** One line on what the machine was doing besides the run. */
export function conditions(summary: Summary): string {
  const env = Object.entries(summary.env)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  const cpu = summary.cpu
    ? `; CPU busy ${percent(summary.cpu.machineBusy)} of the machine, this run ${percent(summary.cpu.run)}, other work ${percent(summary.cpu.others)}`
    : '';
  return (
    `${summary.cpus} cores, ${env || 'no Nx or CI variable set'}; load average (1 min) ` +
    `mean ${summary.load.mean}, max ${summary.load.max}${cpu}`
  );
}

export function renderMarkdown(summary: Summary): string {
  const failed = [
    ...summary.failedTasks.map((id) => `- task failed: ${id}`),
    ...summary.failedTests.map(
      (test) =>
        `- test failed: ${test.project} ${test.file} › ${test.name} (${duration(test.durationMs)})`,
    ),
    ...summary.flakyTests.map(
      (test) =>
        `- passed only on attempt ${test.attempts}: ${test.project} ${test.file} › ${test.name}`,
    ),
    ...summary.errors.map((error) => `- error: ${error}`),
    ...summary.missing.map((missing) => `- not recorded: ${missing}`),
  ];
  const { jest, playwright } = summary.tests;
  const playwrightRuns = summary.playwrightRuns.map(
    (run) =>
      ` Playwright's run in phase ${run.phase}: ${duration(run.durationMs)}, of which ` +
      `${duration(run.beforeTestsMs)} before its first test (global set-up) and ` +
      `${duration(run.afterTestsMs)} after its last (global teardown).`,
  );
  return [
    "# Where `npm test`'s time goes",
    '',
    `Run started ${summary.startedAt}, commit ${summary.commit ?? 'unknown'}: ${conditions(summary)}.`,
    '',
    `**Total wall time: ${duration(summary.wallMs)}.** Jest: ${count(jest.tests, 'test')} in ` +
      `${count(jest.files, 'file')}, ${duration(jest.totalMs)} of test time; Playwright: ` +
      `${count(playwright.tests, 'test')} in ${count(playwright.files, 'file')}, ` +
      `${duration(playwright.totalMs)}.${playwrightRuns.join('')}`,
    '',
    '## Phases',
    '',
    ...table(
      ['#', 'command', 'wall time', 'exit', 'load (mean / max)', 'CPU busy'],
      summary.phases.map((phase) => [
        phase.index,
        `\`${phase.command}\``,
        duration(phase.wallMs),
        phase.exitCode ?? 'signal',
        `${phase.load.mean} / ${phase.load.max}`,
        phase.cpuBusy === null ? 'not read' : percent(phase.cpuBusy),
      ]),
    ),
    '',
    '## By target',
    '',
    "Each target's tasks' times added up: tasks run side by side, so these are not wall time.",
    '',
    ...table(
      ['target', 'tasks', 'total', 'longest'],
      summary.targets.map((target) => [
        target.target,
        target.tasks,
        duration(target.totalMs),
        duration(target.longestMs),
      ]),
    ),
    '',
    `## The ${summary.slowestTasks.length} slowest tasks`,
    '',
    ...table(
      ['task', 'phase', 'took', 'started', 'status'],
      summary.slowestTasks.map((task) => [
        task.id,
        task.phase,
        duration(task.durationMs),
        offset(task.offsetMs),
        task.status,
      ]),
    ),
    '',
    `## The ${summary.slowestFiles.length} slowest test files`,
    '',
    ...table(
      ['file', 'project', 'took', 'tests', 'failed'],
      summary.slowestFiles.map((file) => [
        file.file,
        file.project,
        duration(file.durationMs),
        file.tests,
        file.failed,
      ]),
    ),
    '',
    `## The ${summary.slowestTests.length} slowest tests`,
    '',
    ...table(
      ['test', 'file', 'project', 'took', 'status'],
      summary.slowestTests.map((test) => [
        test.name,
        test.file,
        test.project,
        duration(test.durationMs),
        test.status,
      ]),
    ),
    '',
    '## Failed, intermittent or missing',
    '',
    ...(failed.length ? failed : ['Nothing failed; no test needed a retry.']),
    '',
    '## Every task',
    '',
    ...table(
      ['task', 'phase', 'took', 'started', 'status'],
      summary.tasks.map((task) => [
        task.id,
        task.phase,
        duration(task.durationMs),
        offset(task.offsetMs),
        task.status,
      ]),
    ),
    '',
  ].join('\n');
}
