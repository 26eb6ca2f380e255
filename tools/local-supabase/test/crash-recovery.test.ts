import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/index.ts';
import { spawnServer, type ServerProcess } from './test-support/server-process.ts';
import { clientFor } from '../src/testing/test-server.ts';

// The server as a real process on a data dir on disk: one process per dir, and kill -9 under load loses
// no acknowledged row and leaves nothing that blocks the next start.
jest.setTimeout(300_000);

let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-crash-'));
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((server) => server.exited));
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  // No function is called here: their workers would only cost start-up.
  const server = await spawnServer(dataDir, { functionsOnDemand: true });
  running.push(server);
  return server;
}

it('refuses a second server on the same data dir, survives kill -9 under load, and restarts clean', async () => {
  const first = await start();
  expect(first.stdout()).toContain(`anon key:         ${LOCAL_ANON_KEY}`);
  expect(first.stdout()).toContain(`service_role key: ${LOCAL_SERVICE_ROLE_KEY}`);

  await expect(spawnServer(dataDir, { functionsOnDemand: true })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('is in use by another local Supabase server'),
  });

  // Load: 20 clients inserting until the server dies under them, with the service role's key (the
  // project's tables take no insert from anon; the functions write them with that key).
  const writer = clientFor(first.url, LOCAL_SERVICE_ROLE_KEY);
  const batch = `crash${Date.now()}`;
  const acknowledged: string[] = [];
  let sequence = 0;
  let killed = false;
  const clients = Array.from({ length: 20 }, async () => {
    while (!killed) {
      sequence += 1;
      const email = `${batch}.${sequence}@example.com`;
      const { status } = await writer.from('newsletter_subscriptions').insert({ email });
      if (status === 201) acknowledged.push(email);
      else if (!killed) throw new Error(`insert answered ${status} before the kill`);
    }
  });
  while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
  killed = true;
  first.child.kill('SIGKILL');
  await Promise.all(clients);
  expect(await first.exited).toBeNull();

  const second = await start();
  const service = clientFor(second.url, LOCAL_SERVICE_ROLE_KEY);
  const { data, error } = await service
    .from('newsletter_subscriptions')
    .select('email')
    .like('email', `${batch}.%`);
  expect(error).toBeNull();
  const stored = new Set(data?.map((row) => row.email));
  expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);

  expect(
    (
      await clientFor(second.url, LOCAL_SERVICE_ROLE_KEY)
        .from('newsletter_subscriptions')
        .insert({ email: `${batch}.after@example.com` })
    ).status,
  ).toBe(201);

  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  await expect(access(path.join(dataDir, 'server.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
});
