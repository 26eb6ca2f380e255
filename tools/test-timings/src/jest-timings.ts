// Reads what jest-results-processor.cjs wrote for one phase: one file per Jest run.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { JestRun, TestCaseTiming, TestFileTiming, TestStatus } from './model.ts';

/** One Jest run as the processor writes it. */
export interface JestRecord {
  task: string;
  start: number;
  end: number;
  files: {
    path: string;
    start: number;
    end: number;
    execError?: string;
    tests: { name: string; status: string; duration: number; invocations: number }[];
  }[];
}

/** A test's status in Jest's words, as a TestStatus: passed after a retry is flaky. */
function statusOf(status: string, invocations: number): TestStatus {
  if (status === 'failed') return 'failed';
  if (status === 'passed') return invocations > 1 ? 'flaky' : 'passed';
  return 'skipped';
}

/** One Jest run's files and tests, paths relative to the workspace root. */
export function jestRunOf(record: JestRecord, phase: number, workspaceRoot: string): JestRun {
  const files: TestFileTiming[] = [];
  const tests: TestCaseTiming[] = [];
  for (const file of record.files) {
    const path = relative(workspaceRoot, file.path);
    const fileTests = file.tests.map((test) => ({
      runner: 'jest' as const,
      project: record.task,
      file: path,
      name: test.name,
      durationMs: test.duration,
      status: statusOf(test.status, test.invocations),
      attempts: test.invocations,
    }));
    tests.push(...fileTests);
    const failed = fileTests.filter((test) => test.status === 'failed').length;
    files.push({
      runner: 'jest',
      project: record.task,
      file: path,
      durationMs: Math.max(0, file.end - file.start),
      tests: fileTests.length,
      failed: failed + (file.execError ? 1 : 0),
      ...(file.execError ? { error: file.execError } : {}),
    });
  }
  return { phase, task: record.task, startMs: record.start, endMs: record.end, files, tests };
}

/**
 * Every Jest run the processor recorded in a folder (none when the folder is missing), each in the
 * phase `phaseAt` gives for its start.
 */
export function readJestRuns(
  dir: string,
  phaseAt: (ms: number) => number,
  workspaceRoot: string,
): JestRun[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const record: JestRecord = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    return jestRunOf(record, phaseAt(record.start), workspaceRoot);
  });
}
