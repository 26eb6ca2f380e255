// The small Node process between the tests and PostgreSQL (run with `node -e`, so plain CommonJS).
// It runs each step (initdb, then postgres) in the temp dir, as the given OS user, with their output on
// its stderr. It stops the server (SIGINT: fast shutdown) when its stdin closes — stop() closes it, and
// so does the death of the test process, however it dies — or on SIGINT/SIGTERM/SIGHUP; then it removes
// the temp dir and exits. So no server outlives the process that started it.
//
// argv[1]: JSON { root, uid?, gid?, steps: [{ command, args }] }; the steps inherit its environment.
export const SUPERVISOR_SCRIPT = String.raw`
const { spawn } = require('node:child_process');
const { rmSync } = require('node:fs');
const path = require('node:path');
const job = JSON.parse(process.argv[1]);
let child;
let stopping = false;
let finished = false;
let escalation;
// The test process may be gone (that is one way we get here): its end of stderr too.
process.stderr.on('error', () => {});

function finish(code) {
  if (finished) return;
  finished = true;
  clearTimeout(escalation);
  try {
    rmSync(job.root, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    process.stderr.write('test-postgres: cannot remove ' + job.root + ': ' + error.message + '\n');
  }
  process.exit(code);
}

function stop() {
  if (stopping) return;
  stopping = true;
  if (!child || child.exitCode !== null || child.signalCode !== null) return finish(0);
  child.kill('SIGINT');
  // A fast shutdown takes well under a second; then an immediate one, then no more asking.
  escalation = setTimeout(() => {
    child.kill('SIGQUIT');
    escalation = setTimeout(() => child.kill('SIGKILL'), 10000);
  }, 10000);
}

function run(index) {
  if (stopping) return finish(0);
  const step = job.steps[index];
  const name = path.basename(step.command);
  child = spawn(step.command, step.args, {
    cwd: job.root,
    uid: job.uid,
    gid: job.gid,
    stdio: ['ignore', 2, 2],
  });
  child.on('error', (error) => {
    process.stderr.write('test-postgres: cannot run ' + step.command + ': ' + error.message + '\n');
    finish(127);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return finish(0);
    if (code === 0 && index + 1 < job.steps.length) return run(index + 1);
    process.stderr.write('test-postgres: ' + name + ' exited (' + (signal || 'code ' + code) + ')\n');
    finish(code || 1);
  });
}

process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
run(0);
`;
