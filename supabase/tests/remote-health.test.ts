import {
  apiHeaders,
  fetchFromAddress,
  startTestServer,
  type TestServer,
} from '@agentora/local-supabase/testing';

// The shell's per-page-load report of how each remote release fared (public.report_remote_health,
// supabase/schemas/reports.sql), through the real server, with the production rate limits.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: 'production' });
});
afterAll(() => t.stop());

const STABLE = 'https://careers.agentora.ai/mf-manifest.json';
const NEXT = 'https://careers.agentora.ai/releases/89b4546a071c/mf-manifest.json';
let nextAddress = 40;

/** A report as the shell sends it: its fields as the function's arguments (p_remote, …). */
function report(body: unknown, address = `127.0.0.${(nextAddress += 1)}`) {
  const args =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).map(([key, value]) => [`p_${key}`, value]))
      : body;
  return fetchFromAddress(address)(`${t.server.url}/rest/v1/rpc/report_remote_health`, {
    method: 'POST',
    headers: apiHeaders(t.server.anonKey),
    body: JSON.stringify(args),
  });
}

async function rules() {
  const { data, error } = await t.service
    .from('rate_limit_rules')
    .select('action, max_requests, window_seconds')
    .like('action', 'remote-health-%');
  if (error) throw error;
  const byAction = new Map(data.map((rule) => [rule.action, rule.max_requests as number]));
  return {
    releasesPerClient: byAction.get('remote-health-releases-per-client') as number,
    releasesPerDay: byAction.get('remote-health-releases-per-day') as number,
  };
}

/** A release of careers in the shape of the runtime config's, with a made-up id. */
const madeUp = (n: number) =>
  `https://careers.agentora.ai/releases/${n.toString(16).padStart(12, '0')}/mf-manifest.json`;

async function counts(release: string) {
  const { data, error } = await t.service
    .from('remote_health')
    .select('remote, loads, load_failures, render_failures')
    .eq('release', release);
  if (error) throw error;
  return data;
}

it('adds each report to its release and day, and nothing else', async () => {
  for (const outcome of ['loaded', 'loaded', 'load_failed', 'render_failed'])
    expect((await report({ remote: 'careers', release: NEXT, outcome })).status).toBe(204);
  expect((await report({ remote: 'careers', release: STABLE, outcome: 'loaded' })).status).toBe(
    204,
  );
  // Nothing is kept of the report itself.
  const kept = await t.service.from('remote_health_reports').select('remote');
  expect(kept).toMatchObject({ error: null, data: [] });
  expect(await counts(NEXT)).toEqual([
    { remote: 'careers', loads: 2, load_failures: 1, render_failures: 1 },
  ]);
  expect(await counts(STABLE)).toEqual([
    { remote: 'careers', loads: 1, load_failures: 0, render_failures: 0 },
  ]);
});

it.each([
  [
    'an array (several rows)',
    [
      { remote: 'careers', release: NEXT, outcome: 'loaded' },
      { remote: 'careers', release: NEXT, outcome: 'loaded' },
    ],
  ],
  ['another remote', { remote: 'shell', release: NEXT, outcome: 'loaded' }],
  [
    'a release that is not a URL',
    { remote: 'careers', release: 'javascript:x', outcome: 'loaded' },
  ],
  [
    'a release too long',
    { remote: 'careers', release: `https://a.b/${'x'.repeat(600)}`, outcome: 'loaded' },
  ],
  ['another outcome', { remote: 'careers', release: NEXT, outcome: 'hacked' }],
  [
    'a column of its own choosing',
    { remote: 'careers', release: NEXT, outcome: 'loaded', loads: 1000 },
  ],
])('refuses %s, counting nothing', async (_name, body) => {
  const before = await counts(NEXT);
  const response = await report(body);
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(await counts(NEXT)).toEqual(before);
});

it('is rate-limited per address, and anon can neither read nor write the tables themselves', async () => {
  const address = '127.0.0.99';
  const one = { remote: 'careers', release: STABLE, outcome: 'loaded' };
  for (let i = 0; i < 120; i += 1) expect((await report(one, address)).status).toBe(204);
  expect((await report(one, address)).status).toBe(429);

  const headers = apiHeaders(t.server.anonKey);
  const read = await fetch(`${t.server.url}/rest/v1/remote_health?select=*`, { headers });
  expect(read.status).toBeGreaterThanOrEqual(400);
  const write = await fetch(`${t.server.url}/rest/v1/remote_health`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ remote: 'careers', release: STABLE, day: '2026-01-01', loads: 1e6 }),
  });
  expect(write.status).toBeGreaterThanOrEqual(400);
  // Reports go through the function only: the table takes no row from anon.
  const direct = await fetch(`${t.server.url}/rest/v1/remote_health_reports`, {
    method: 'POST',
    headers,
    body: JSON.stringify(one),
  });
  expect(direct.status).toBe(401);
});

describe('one client address', () => {
  it('weighs once a day per release and outcome: 120 made-up failures move the error rate by one visitor', async () => {
    const canary = madeUp(0xca0a1);
    // Ten real visitors load the canary, each from an address of its own.
    for (let i = 0; i < 10; i += 1)
      expect((await report({ remote: 'careers', release: canary, outcome: 'loaded' })).status).toBe(
        204,
      );
    // One address, within its limit, reports 120 failures; every answer is the same.
    const attacker = '127.0.1.1';
    for (let i = 0; i < 60; i += 1) {
      for (const outcome of ['load_failed', 'render_failed'])
        expect(
          (await report({ remote: 'careers', release: canary, outcome }, attacker)).status,
        ).toBe(204);
    }
    expect(await counts(canary)).toEqual([
      { remote: 'careers', loads: 10, load_failures: 1, render_failures: 1 },
    ]);
  });

  it('adds at most a few releases of a remote a day, however many it makes up', async () => {
    const { releasesPerClient } = await rules();
    const address = '127.0.1.2';
    for (let n = 0; n < 30; n += 1)
      expect(
        (
          await report(
            { remote: 'careers', release: madeUp(0x1000 + n), outcome: 'loaded' },
            address,
          )
        ).status,
      ).toBe(204);
    const { data } = await t.service
      .from('remote_health')
      .select('release')
      .in(
        'release',
        Array.from({ length: 30 }, (_, n) => madeUp(0x1000 + n)),
      );
    expect(data?.length).toBe(releasesPerClient);
  });
});

describe('releases', () => {
  it.each([
    ['a page of the remote', 'https://careers.agentora.ai/careers'],
    ['a manifest with a query', 'https://careers.agentora.ai/mf-manifest.json?x=1'],
    ['a manifest under another folder', 'https://careers.agentora.ai/junk/mf-manifest.json'],
    ['a release id of another shape', 'https://careers.agentora.ai/releases/xyz/mf-manifest.json'],
    ['user info', 'https://a@careers.agentora.ai/mf-manifest.json'],
  ])('are only the shapes a runtime config names: not %s', async (_name, release) => {
    const response = await report({ remote: 'careers', release, outcome: 'loaded' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await counts(release)).toEqual([]);
  });

  it("keep a day's rows of a remote bounded, and a real release reached by more addresses than the weakest takes its place", async () => {
    const { releasesPerClient, releasesPerDay } = await rules();
    // Made-up releases from as many addresses as it takes to fill the day, each reached once.
    let n = 0;
    for (let address = 0; n < releasesPerDay; address += 1) {
      for (let k = 0; k < releasesPerClient && n < releasesPerDay; k += 1, n += 1)
        await report(
          { remote: 'careers', release: madeUp(0x2000 + n), outcome: 'load_failed' },
          `127.0.2.${address + 1}`,
        );
    }
    const rows = async () =>
      (await t.service.from('remote_health').select('release').eq('remote', 'careers')).data
        ?.length;
    expect(await rows()).toBeLessThanOrEqual(releasesPerDay);
    // A canary started later that day: its first visitor is remembered, its second gets it a row.
    const canary = madeUp(0xca0a2);
    await report({ remote: 'careers', release: canary, outcome: 'loaded' });
    await report({ remote: 'careers', release: canary, outcome: 'loaded' });
    expect(await counts(canary)).toEqual([
      { remote: 'careers', loads: 2, load_failures: 0, render_failures: 0 },
    ]);
    expect(await rows()).toBeLessThanOrEqual(releasesPerDay);
  });
});
