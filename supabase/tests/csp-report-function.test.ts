import {
  fetchFromAddress,
  startTestServer,
  type TestServer,
} from '@agentora/local-supabase/testing';
import {
  CSP_REPORT_LIMITS,
  cspReportUrl,
  CSP_UNKNOWN_RELEASE,
} from '../functions/_shared/rules/csp-reports.ts';

// csp-report through the real server (docs/security.md, "CSP reports"): its index.ts on Deno behind the
// local gateway, the SQL of supabase/schemas/reports.sql, the production rate limits, and the
// counts read back as the e2e teardown reads them (the secret key, PostgREST). Requests are sent as a
// browser sends a report: no API key. Other client addresses come from other loopback addresses.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: 'production' });
});
afterAll(() => t.stop());

const SITE = 'http://localhost:4200';
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

let nextAddress = 60;
/** A client address of its own (a loopback address the server sees as the socket's). */
const newAddress = () => `127.0.0.${(nextAddress += 1)}`;

let nextRelease = 0;
/** A release of its own for each test, so tests read only their own rows. */
const newRelease = () => `test-${(nextRelease += 1)}-${Date.now().toString(36)}`;

/** A legacy report-uri body as Chromium sends it. */
function legacyReport(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    'csp-report': {
      'document-uri': `${SITE}/careers?ref=0123456789abcdef#apply`,
      referrer: '',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'original-policy': "default-src 'none'; script-src 'self' 'report-sample'; report-uri /x",
      disposition: 'enforce',
      'blocked-uri': 'inline',
      'line-number': 3,
      'column-number': 9,
      'source-file': `${SITE}/careers`,
      'status-code': 200,
      'script-sample': 'alert(1)',
      ...fields,
    },
  });
}

/** A POST to the function as the browser sends it: no key, the report's type. */
function send(
  release: string | null,
  body: string,
  init: {
    contentType?: string;
    address?: string;
    headers?: Record<string, string>;
    method?: string;
  } = {},
): Promise<Response> {
  const url =
    release === null
      ? `${t.server.url}/functions/v1/csp-report`
      : cspReportUrlOrRaw(t.server.url, release);
  const from = init.address ? fetchFromAddress(init.address) : fetch;
  return from(url, {
    method: init.method ?? 'POST',
    headers: {
      'Content-Type': init.contentType ?? 'application/csp-report',
      'User-Agent': CHROMIUM,
      ...init.headers,
    },
    body: init.method === 'GET' || init.method === 'DELETE' ? undefined : body,
  });
}

/** cspReportUrl for a release of the token's shape; a raw query for the junk ones it refuses. */
function cspReportUrlOrRaw(backend: string, release: string): string {
  try {
    return cspReportUrl(backend, release);
  } catch {
    return `${backend}/functions/v1/csp-report?release=${encodeURIComponent(release)}`;
  }
}

interface Row {
  day: string;
  release: string;
  directive: string;
  blocked: string;
  page: string;
  sample: string;
  count: number;
}

/** The rows of the releases, as the e2e teardown reads them: GET /rest/v1/csp_violations?select=*. */
async function rowsOf(...releases: string[]): Promise<Omit<Row, 'day'>[]> {
  const response = await fetch(
    `${t.server.url}/rest/v1/csp_violations?select=*&release=in.(${releases.join(',')})&order=release,page,directive,blocked,sample`,
    { headers: { apikey: t.server.secretKey, Authorization: `Bearer ${t.server.secretKey}` } },
  );
  expect(response.status).toBe(200);
  const rows = (await response.json()) as Row[];
  const today = new Date().toISOString().slice(0, 10);
  expect(rows.every((row) => row.day === today)).toBe(true);
  return rows.map(({ day: _day, ...row }) => row);
}

it('counts a legacy report sent without a key: origin of the blocked URL, path of the page, the sample as text', async () => {
  const release = newRelease();
  const answers = [
    await send(release, legacyReport()),
    await send(
      release,
      legacyReport({
        'effective-directive': 'connect-src',
        'blocked-uri': 'https://collector.evil.example:8443/c?token=s3cr3t-t0ken&session=abc',
        'document-uri': `${SITE}/email/place?token=V3ryS3cretPlaceToken#x`,
        'script-sample': '',
      }),
    ),
    await send(
      release,
      legacyReport({ 'script-sample': '<img src=x onerror="alert(document.domain)"><b>' }),
    ),
    await send(release, legacyReport()),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);
  expect(await answers[0].text()).toBe('');
  const rows = await rowsOf(release);
  expect(rows).toEqual([
    {
      release,
      directive: 'script-src-elem',
      blocked: 'inline',
      page: '/careers',
      sample: '<img src=x onerror="alert(document.domain)"><b>'.slice(0, 40),
      count: 1,
    },
    {
      release,
      directive: 'script-src-elem',
      blocked: 'inline',
      page: '/careers',
      sample: 'alert(1)',
      count: 2,
    },
    {
      release,
      directive: 'connect-src',
      blocked: 'https://collector.evil.example:8443',
      page: '/email/place',
      sample: '',
      count: 1,
    },
  ]);
  // No token, query or fragment anywhere in what was kept.
  expect(JSON.stringify(rows)).not.toMatch(/s3cr3t|V3ryS3cret|token|session|ref=|#/);
});

it('counts a Reporting API batch, at most its first 20 violations', async () => {
  const release = newRelease();
  const batch = Array.from({ length: CSP_REPORT_LIMITS.maxReportsPerBatch + 3 }, (_, n) => ({
    type: 'csp-violation',
    age: 5,
    url: `${SITE}/about`,
    user_agent: CHROMIUM,
    body: {
      documentURL: `${SITE}/about?n=${n}`,
      effectiveDirective: n === 0 ? 'style-src-attr' : 'img-src',
      blockedURL: n === 0 ? 'inline' : `data:image/png;base64,${n}`,
      sample: n === 0 ? 'color: red' : '',
      disposition: 'enforce',
    },
  }));
  const answer = await send(release, JSON.stringify(batch), {
    contentType: 'application/reports+json',
    address: newAddress(),
  });
  expect(answer.status).toBe(204);
  expect(await rowsOf(release)).toEqual([
    { release, directive: 'img-src', blocked: 'data', page: '/about', sample: '', count: 19 },
    {
      release,
      directive: 'style-src-attr',
      blocked: 'inline',
      page: '/about',
      sample: 'color: red',
      count: 1,
    },
  ]);
});

it('refuses malformed, oversized, mistyped and non-POST requests, and counts none of them', async () => {
  const release = newRelease();
  const address = newAddress();
  const malformed = await send(release, '{"csp-report": {"blocked-uri": ', { address });
  expect([malformed.status, await malformed.json()]).toEqual([
    400,
    { success: false, error: 'The report must be JSON.' },
  ]);
  expect((await send(release, '{"report": {}}', { address })).status).toBe(400);
  expect(
    (await send(release, legacyReport(), { address, contentType: 'application/reports+json' }))
      .status,
  ).toBe(400);

  for (const contentType of [
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
  ]) {
    const answer = await send(release, legacyReport(), { address, contentType });
    expect([contentType, answer.status]).toEqual([contentType, 415]);
  }

  const huge = legacyReport({ 'script-sample': 'x'.repeat(CSP_REPORT_LIMITS.maxBodyBytes) });
  const declared = await send(release, huge, { address });
  expect(declared.status).toBe(413);
  // Streamed without a Content-Length (chunked): refused all the same.
  const encoder = new TextEncoder();
  const streamed = await fetch(cspReportUrl(t.server.url, release), {
    method: 'POST',
    headers: { 'Content-Type': 'application/csp-report', 'User-Agent': CHROMIUM },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (let n = 0; n < 10; n += 1) controller.enqueue(encoder.encode(' '.repeat(16 * 1024)));
        controller.enqueue(encoder.encode(legacyReport()));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  expect(streamed.status).toBe(413);

  for (const method of ['GET', 'PUT', 'DELETE']) {
    const answer = await send(release, legacyReport(), { address, method });
    expect([method, answer.status, answer.headers.get('allow')]).toEqual([method, 405, 'POST']);
  }

  // Another site's script cannot send a report from its visitors' browsers: its preflight lets nothing
  // through (the function answers none; the local server refuses the origin before it).
  const preflight = await fetch(cspReportUrl(t.server.url, release), {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://elsewhere.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  expect(preflight.ok).toBe(false);
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

  // A good report after them is counted: none of the refused ones was.
  expect(
    (await send(release, legacyReport({ 'script-sample': 'after' }), { address })).status,
  ).toBe(204);
  expect(await rowsOf(release)).toEqual([
    {
      release,
      directive: 'script-src-elem',
      blocked: 'inline',
      page: '/careers',
      sample: 'after',
      count: 1,
    },
  ]);
});

it(`counts ${CSP_REPORT_LIMITS.perClientAddressPerMinute} reports a minute from one address, however its forwarding headers are forged; another address still counts`, async () => {
  const release = newRelease();
  const burst = newAddress();
  const perMinute = CSP_REPORT_LIMITS.perClientAddressPerMinute;
  const batch = CSP_REPORT_LIMITS.maxReportsPerBatch;
  const reports = (page: string, n: number) =>
    JSON.stringify(
      Array.from({ length: n }, () => ({
        type: 'csp-violation',
        url: `${SITE}${page}`,
        body: { documentURL: `${SITE}${page}`, effectiveDirective: 'img-src', blockedURL: 'blob' },
      })),
    );
  for (let sent = 0; sent < perMinute; sent += batch) {
    const answer = await send(release, reports('/burst', batch), {
      contentType: 'application/reports+json',
      address: burst,
    });
    expect(answer.status).toBe(204);
  }
  // Over the limit: answered alike, counted nothing, whatever the request claims to come from.
  const forgeries: Record<string, string>[] = [
    {},
    { 'cf-connecting-ip': '203.0.113.7' },
    { 'CF-Connecting-IP': '203.0.113.8, 203.0.113.9' },
    { 'x-forwarded-for': '203.0.113.10' },
    { 'x-real-ip': '203.0.113.11' },
    { forwarded: 'for=203.0.113.12' },
    { 'true-client-ip': '203.0.113.13' },
  ];
  for (const headers of forgeries) {
    const answer = await send(release, legacyReport({ 'document-uri': `${SITE}/burst` }), {
      address: burst,
      headers,
    });
    expect([headers, answer.status]).toEqual([headers, 204]);
  }
  // Another address, after them: counted.
  expect(
    (
      await send(release, legacyReport({ 'document-uri': `${SITE}/elsewhere` }), {
        address: newAddress(),
      })
    ).status,
  ).toBe(204);
  expect((await rowsOf(release)).map((row) => [row.page, row.directive, row.count])).toEqual([
    ['/burst', 'img-src', perMinute],
    ['/elsewhere', 'script-src-elem', 1],
  ]);
});

it('counts a junk or missing release as unknown', async () => {
  const marker = `/junk-${Date.now().toString(36)}`;
  for (const release of [
    null,
    '',
    'Release-1',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'a'.repeat(41),
    "x' or '1'='1",
  ]) {
    const answer = await send(release, legacyReport({ 'document-uri': `${SITE}${marker}` }), {
      address: newAddress(),
    });
    expect([release, answer.status]).toEqual([release, 204]);
  }
  const rows = (await rowsOf(CSP_UNKNOWN_RELEASE)).filter((row) => row.page === marker);
  expect(rows).toEqual([
    {
      release: CSP_UNKNOWN_RELEASE,
      directive: 'script-src-elem',
      blocked: 'inline',
      page: marker,
      sample: 'alert(1)',
      count: 7,
    },
  ]);
});

it('cannot be read or written around the function with the publishable key', async () => {
  expect((await t.anon.from('csp_violations').select('*')).error).toMatchObject({ code: '42501' });
  expect(
    (
      await t.anon.from('csp_violations').insert({
        day: new Date().toISOString().slice(0, 10),
        release: 'forged',
        directive: 'img-src',
        blocked: 'data',
        page: '/',
      })
    ).error,
  ).toMatchObject({ code: '42501' });
  const { error } = await t.anon.rpc('record_csp_violations', {
    p_release: 'forged',
    p_violations: [{ directive: 'img-src', blocked: 'data', page: '/', sample: '' }],
    p_client_address: '203.0.113.1',
  });
  expect(error).not.toBeNull();
  expect(await rowsOf('forged')).toEqual([]);
});
