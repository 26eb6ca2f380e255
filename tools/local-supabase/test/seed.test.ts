import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSupabase, type LocalSupabase } from '../src/index.ts';
import { apiHeaders } from '../src/testing/test-server.ts';

// The project's seed (supabase/config.toml [db.seed], supabase/seed.sql) as `supabase start` runs it: once,
// on a database the start creates, after the migrations; never again on that database, and never when a
// start does not ask for it (tests, the preview, the benchmark).
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-seed-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function members(server: LocalSupabase): Promise<number> {
  const response = await fetch(
    `${server.url}/rest/v1/waitlist_signups?select=id&confirmed_at=not.is.null`,
    { headers: apiHeaders(server.serviceKey) },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

it('seeds a new database once, after the migrations, with confirmed members and no mail', async () => {
  const dataDir = path.join(dir, 'data');
  let server = await startLocalSupabase({ port: 0, dataDir, seed: true });
  try {
    expect(await members(server)).toBe(24);
    const queued = await fetch(`${server.url}/rest/v1/mail_queue?select=id`, {
      headers: apiHeaders(server.serviceKey),
    });
    expect(await queued.json()).toEqual([]);
  } finally {
    await server.stop();
  }
  // The same database started again keeps what it has: no second seed.
  server = await startLocalSupabase({ port: 0, dataDir, seed: true });
  try {
    expect(await members(server)).toBe(24);
  } finally {
    await server.stop();
  }
});

it('seeds nothing unless asked', async () => {
  const server = await startLocalSupabase({
    port: 0,
    dataDir: path.join(dir, 'data'),
    inMemory: true,
  });
  try {
    expect(await members(server)).toBe(0);
  } finally {
    await server.stop();
  }
});
