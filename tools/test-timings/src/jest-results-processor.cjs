// Jest's testResultsProcessor for the timed run (`npm run test:timings`): the Jest preset names it
// when TEST_TIMINGS_JEST_PROCESSOR is set. It writes, into the folder TEST_TIMINGS_JEST_DIR names, one
// JSON file per Jest run: the Nx task that ran it (Nx sets NX_TASK_TARGET_PROJECT and
// NX_TASK_TARGET_TARGET for every task), when the run began and ended, and each file's and each test's
// time and status. It hands the results back untouched: Jest's reporters and exit code are its own.
// Plain CommonJS: Jest loads it with Node's require, outside its transform. jest-timings.ts reads
// what it writes.
const fs = require('node:fs');
const path = require('node:path');

/** @param {any} file one file's TestResult */
function fileRecord(file) {
  const stats = file.perfStats || {};
  return {
    path: file.testFilePath,
    start: stats.loadTestEnvironmentStart || stats.start || 0,
    end: stats.end || 0,
    execError: file.testExecError ? String(file.testExecError.message).split('\n')[0] : undefined,
    tests: (file.testResults || []).map((test) => ({
      name: test.fullName,
      status: test.status,
      duration: typeof test.duration === 'number' ? test.duration : 0,
      invocations: test.invocations || 1,
    })),
  };
}

/** @param {any} results Jest's AggregatedResult */
function recordTimings(results) {
  const dir = process.env.TEST_TIMINGS_JEST_DIR;
  if (!dir) return results;
  const project = process.env.NX_TASK_TARGET_PROJECT || path.basename(process.cwd());
  const target = process.env.NX_TASK_TARGET_TARGET || 'jest';
  const record = {
    task: `${project}:${target}`,
    start: results.startTime,
    end: Date.now(),
    files: (results.testResults || []).map(fileRecord),
  };
  const name = `${record.task.replace(/[^\w.-]+/g, '_')}-${process.pid}.json`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), JSON.stringify(record));
  return results;
}

module.exports = recordTimings;
