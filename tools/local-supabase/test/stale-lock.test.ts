import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from './test-support/server-process.ts';

// kill -9 leaves the lock behind, and the killed server stays a zombie until its parent reaps it,
// which kill(pid, 0) cannot tell from a running process. A restart right away must still succeed.
jest.setTimeout(300_000);

let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-stale-lock-'));
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((server) => server.exited));
  await rm(dataDir, { recursive: true, force: true });
});

async function processState(pid: number): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

it('restarts at once on the data dir of a server killed with SIGKILL and not yet reaped', async () => {
  // No function is called here: their workers would only cost start-up.
  const first = await spawnServer(dataDir, { parentThatNeverReaps: true, functionsOnDemand: true });
  running.push(first);
  const serverPid = Number(
    (await readFile(path.join(dataDir, 'server.lock'), 'utf8')).split('\n')[0],
  );
  expect(serverPid).not.toBe(first.child.pid);
  expect(await processState(serverPid)).toMatch(/^[RS]$/);

  process.kill(serverPid, 'SIGKILL');
  // The premise: the dead server is a zombie, and kill(pid, 0) still finds it.
  for (let i = 0; i < 100 && (await processState(serverPid)) !== 'Z'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await processState(serverPid)).toBe('Z');
  expect(() => process.kill(serverPid, 0)).not.toThrow();

  const second = await spawnServer(dataDir, { functionsOnDemand: true });
  running.push(second);
  expect(await processState(serverPid)).toBe('Z');
  expect((await fetch(`${second.url}/health`)).status).toBe(200);
  const lock = await readFile(path.join(dataDir, 'server.lock'), 'utf8');
  expect(lock.split('\n')[0]).toBe(String(second.child.pid));
});
