// `node wrangler-guard.ts <wrangler.js> <args…>`: runs a long-lived wrangler (dev) and ends it, with
// workerd, when the process that started this one goes away. That process holds this one's stdin
// open; it closes when that process exits in any way, a SIGKILL included, so no workerd is left
// holding a port of the next run. wrangler runs in a process group of its own so that workerd stops
// with it.
import { spawn } from 'node:child_process';

const [bin, ...args] = process.argv.slice(2);
if (!bin) {
  console.error('usage: wrangler-guard.ts <wrangler.js> <args…>');
  process.exit(2);
}
const child = spawn(process.execPath, [bin, ...args], {
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let ending = false;
const end = () => {
  if (ending) return;
  ending = true;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  setTimeout(() => signal('SIGKILL'), 5000).unref();
};
process.stdin.on('end', end);
process.stdin.on('error', end);
process.stdin.resume();
for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(name, end);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
