import {
  apiHeaders,
  fetchFromAddress,
  startTestServer,
  type TestServer,
} from '@agentora/local-supabase/testing';

// Migration 20251127000000: the shell's per-page-load report of how each remote release fared,
// through the real server, with the production rate limits.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: 'production' });
});
afterAll(() => t.stop());

const STABLE = 'https://careers.agentora.ai/mf-manifest.json';
const NEXT = 'https://careers.agentora.ai/releases/89b4546a071c/mf-manifest.json';
let nextAddress = 40;

function report(body: unknown, address = `127.0.0.${(nextAddress += 1)}`) {
  return fetchFromAddress(address)(`${t.server.url}/rest/v1/remote_health_reports`, {
    method: 'POST',
    headers: apiHeaders(t.server.anonKey, { Prefer: 'return=minimal' }),
    body: JSON.stringify(body),
  });
}

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
    expect((await report({ remote: 'careers', release: NEXT, outcome })).status).toBe(201);
  expect((await report({ remote: 'careers', release: STABLE, outcome: 'loaded' })).status).toBe(
    201,
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

it('is rate-limited per address, and anon can neither read nor write the table itself', async () => {
  const address = '127.0.0.99';
  const one = { remote: 'careers', release: STABLE, outcome: 'loaded' };
  for (let i = 0; i < 120; i += 1) expect((await report(one, address)).status).toBe(201);
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
});
