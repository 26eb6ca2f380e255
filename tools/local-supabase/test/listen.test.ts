import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSupabase, type LocalSupabase } from '../src/index.ts';
import { exchange } from './test-support/raw-http.ts';

// `--host localhost` serves both loopback addresses on one port: a browser may resolve localhost to
// ::1 first. The default stays 127.0.0.1 alone.
let dataDir: string;
let server: LocalSupabase;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-listen-'));
  server = await startLocalSupabase({ port: 0, host: 'localhost', dataDir, inMemory: true });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('answers on 127.0.0.1 and [::1] at the same port, and names itself localhost', async () => {
  const { port } = new URL(server.url);
  expect(server.url).toBe(`http://localhost:${port}`);
  for (const address of ['127.0.0.1', '[::1]']) {
    const response = await exchange(`http://${address}:${port}`, {
      path: '/health',
      headers: { Host: `localhost:${port}` },
    });
    expect(response.status).toBe(200);
  }
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
});

it('stops listening on both', async () => {
  const { port } = new URL(server.url);
  await server.stop();
  for (const address of ['127.0.0.1', '[::1]']) {
    await expect(exchange(`http://${address}:${port}`, { path: '/health' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  }
});
