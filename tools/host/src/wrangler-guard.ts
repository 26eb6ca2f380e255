// `node wrangler-guard.ts <node args…> <wrangler's CLI> <args…>`: runs a long-lived wrangler (dev)
// in Node and ends it, with workerd, when the process that started this one goes away. That process
// holds this one's stdin open; it closes when that process exits in any way, a SIGKILL included, so
// no workerd is left holding a port of the next run. wrangler runs in a process group of its own so
// that workerd stops with it, and the group is named in the port's claim (port-claim.ts,
// AGENTORA_PORT_CLAIM), so a later run can end it if this guard is killed outright. If wrangler
// exits on its own, what is left of its group (a workerd) is ended too.
import { spawn } from 'node:child_process';
import { recordGroup } from './port-claim.ts';

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error("usage: wrangler-guard.ts <node args…> <wrangler's CLI> <args…>");
  process.exit(2);
}
const child = spawn(process.execPath, args, {
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const claim = process.env.AGENTORA_PORT_CLAIM;
if (claim && child.pid) recordGroup(claim, child.pid);
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
child.on('exit', (code, signal) => {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is empty
  }
  process.exit(code ?? (signal ? 0 : 1));
});
