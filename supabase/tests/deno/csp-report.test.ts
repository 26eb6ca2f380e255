// csp-report's handler on Deno, the runtime hosted Supabase serves it on, with a fake store: what it
// counts of each report format, what it keeps of a report (docs/security.md, "CSP reports"), and how it
// answers what is not a browser's report. The SQL and the function through the local server are in
// csp-violations.test.ts and csp-report-function.test.ts.
import { assertEquals } from './assert.ts';
import { createCspReportHandler } from '../../functions/csp-report/handler.ts';
import type { CspViolation } from '../../functions/csp-report/violations.ts';
import {
  CSP_REPORT_LIMITS,
  cspRelease,
  cspReportUrl,
} from '../../functions/_shared/rules/csp-reports.ts';

const URL_BASE = 'https://project.supabase.co/functions/v1/csp-report';
const LEGACY = 'application/csp-report';
const REPORTING = 'application/reports+json';

type Recorded = { release: string; violations: CspViolation[]; address: string | null };

function setup(failure?: Error) {
  const recorded: Recorded[] = [];
  const errors: unknown[] = [];
  const handler = createCspReportHandler({
    violations: {
      record: (release, violations, address) => {
        if (failure) return Promise.reject(failure);
        recorded.push({ release, violations: [...violations], address });
        return Promise.resolve(violations.length);
      },
    },
    logError: (_message, error) => errors.push(error),
  });
  return { handler, recorded, errors };
}

function post(
  body: BodyInit | null,
  contentType: string | null = LEGACY,
  query = '?release=2025-11-30',
  headers: Record<string, string> = {},
): Request {
  return new Request(`${URL_BASE}${query}`, {
    method: 'POST',
    headers: {
      ...(contentType === null ? {} : { 'Content-Type': contentType }),
      'cf-connecting-ip': '203.0.113.9',
      ...headers,
    },
    body,
  });
}

/** A legacy report-uri body, as Chromium sends it (kebab-case keys), with `fields` over the defaults. */
function legacy(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    'csp-report': {
      'document-uri': 'https://agentora.ai/careers?utm_source=x#apply',
      referrer: 'https://news.example/',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'original-policy': "default-src 'none'; script-src 'self' 'report-sample'",
      disposition: 'enforce',
      'blocked-uri': 'inline',
      'line-number': 12,
      'source-file': 'https://agentora.ai/careers?token=secret',
      'status-code': 200,
      'script-sample': 'alert(1)',
      ...fields,
    },
  });
}

/** One Reporting API report of a CSP violation (camelCase keys), with `fields` over the defaults. */
function reportingApi(fields: Record<string, unknown> = {}) {
  return {
    type: 'csp-violation',
    age: 10,
    url: 'https://agentora.ai/about',
    user_agent: 'Mozilla/5.0 HeadlessChrome/131.0.0.0',
    body: {
      documentURL: 'https://agentora.ai/about',
      effectiveDirective: 'script-src-elem',
      blockedURL: 'https://cdn.evil.example/x.js?session=abc',
      sample: '',
      disposition: 'enforce',
      originalPolicy: "default-src 'none'",
      statusCode: 200,
      ...fields,
    },
  };
}

Deno.test(
  'a legacy report: counted by its directive, blocked source, path and sample, for the release, from the gateway’s address',
  async () => {
    const { handler, recorded } = setup();
    const answer = await handler(
      post(legacy(), 'application/csp-report; charset=utf-8', '?release=2025-11-30', {
        'x-forwarded-for': '198.51.100.1',
        'User-Agent': 'Mozilla/5.0 HeadlessChrome/131.0.0.0',
      }),
    );
    assertEquals([answer.status, await answer.text()], [204, '']);
    assertEquals(answer.headers.get('access-control-allow-origin'), null);
    // Nothing of the visitor: no referrer, no user agent, no source file, no query of the page.
    assertEquals(recorded, [
      {
        release: '2025-11-30',
        violations: [
          { directive: 'script-src-elem', blocked: 'inline', page: '/careers', sample: 'alert(1)' },
        ],
        address: '203.0.113.9',
      },
    ]);
  },
);

Deno.test(
  'a Reporting API batch: its CSP violations counted, other report types skipped',
  async () => {
    const { handler, recorded } = setup();
    const batch = [
      reportingApi(),
      { type: 'deprecation', url: 'https://agentora.ai/', body: { id: 'x', message: 'old' } },
      reportingApi({
        documentURL: 'https://agentora.ai/blog/launch',
        effectiveDirective: 'connect-src',
        blockedURL: 'wss://socket.example:8443/live?token=t0k3n',
      }),
      'not a report',
      { type: 'csp-violation', body: 'not an object' },
    ];
    const answer = await handler(post(JSON.stringify(batch), REPORTING));
    assertEquals(answer.status, 204);
    assertEquals(recorded[0].violations, [
      {
        directive: 'script-src-elem',
        blocked: 'https://cdn.evil.example',
        page: '/about',
        sample: '',
      },
      {
        directive: 'connect-src',
        blocked: 'wss://socket.example:8443',
        page: '/blog/launch',
        sample: '',
      },
    ]);
  },
);

Deno.test(
  `a batch of more than ${CSP_REPORT_LIMITS.maxReportsPerBatch} reports: the first ${CSP_REPORT_LIMITS.maxReportsPerBatch} are counted`,
  async () => {
    const { handler, recorded } = setup();
    const batch = Array.from({ length: CSP_REPORT_LIMITS.maxReportsPerBatch + 5 }, (_, n) =>
      reportingApi({ documentURL: `https://agentora.ai/page-${n}` }),
    );
    assertEquals((await handler(post(JSON.stringify(batch), REPORTING))).status, 204);
    assertEquals(
      recorded[0].violations.map((violation) => violation.page),
      Array.from({ length: CSP_REPORT_LIMITS.maxReportsPerBatch }, (_, n) => `/page-${n}`),
    );
  },
);

Deno.test(
  'a blocked URL is kept as its origin alone: never its path, query, user info or a token',
  async () => {
    const cases: Array<[unknown, string]> = [
      [
        'https://user:password@Evil.Example:8443/steal?token=abc123#frag',
        'https://evil.example:8443',
      ],
      ['https://agentora.ai/email/confirm?token=V3ryS3cret', 'https://agentora.ai'],
      ['http://[::1]:4200/x?token=1', 'http://[::1]:4200'],
      ['https://bücher.example/a', 'https://xn--bcher-kva.example'],
      ['inline', 'inline'],
      ['EVAL', 'eval'],
      ['wasm-eval', 'wasm-eval'],
      ['trusted-types-sink', 'trusted-types-sink'],
      ['data', 'data'],
      ['data:text/html;base64,PHNjcmlwdD4=', 'data'],
      ['blob', 'blob'],
      ['blob:https://agentora.ai/0f4a2c9e-3c1d-4b2a-9a65-2bb0c0d8c1f0', 'blob'],
      ['chrome-extension://abcdefghijklmnopabcdefghijklmnop/inject.js', 'chrome-extension'],
      ['javascript:alert(document.cookie)', 'javascript'],
      ['', 'unknown'],
      [undefined, 'unknown'],
      [42, 'unknown'],
      ['not a url at all', 'other'],
      ['<script>alert(1)</script>', 'other'],
    ];
    const { handler, recorded } = setup();
    for (const [blocked] of cases) {
      await handler(post(legacy({ 'blocked-uri': blocked })));
    }
    assertEquals(
      recorded.map((call) => call.violations[0].blocked),
      cases.map(([, stored]) => stored),
    );
  },
);

Deno.test(
  'the page is the document’s path alone, of a site path’s shape, else /other',
  async () => {
    const cases: Array<[unknown, string]> = [
      ['https://agentora.ai/email/place?token=abcdef#top', '/email/place'],
      ['https://agentora.ai/', '/'],
      ['http://localhost:4200/coming-soon', '/coming-soon'],
      [`https://agentora.ai/${'a'.repeat(199)}`, `/${'a'.repeat(199)}`],
      [`https://agentora.ai/${'a'.repeat(200)}`, '/other'],
      ['https://agentora.ai/caf%C3%A9', '/other'],
      ['about:srcdoc', '/other'],
      ['/relative', '/other'],
      [null, '/other'],
    ];
    const { handler, recorded } = setup();
    for (const [documentUri] of cases) {
      await handler(post(legacy({ 'document-uri': documentUri })));
    }
    assertEquals(
      recorded.map((call) => call.violations[0].page),
      cases.map(([, page]) => page),
    );
  },
);

Deno.test(
  'the directive: the effective one, else the first word of the violated one; unknown names are other',
  async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ 'effective-directive': 'img-src', 'violated-directive': 'default-src' }, 'img-src'],
      [
        { 'effective-directive': undefined, 'violated-directive': "script-src 'self'" },
        'script-src',
      ],
      [{ 'effective-directive': 'STYLE-SRC-ATTR' }, 'style-src-attr'],
      [{ 'effective-directive': 'made-up-directive' }, 'other'],
      [{ 'effective-directive': '<b>x</b>' }, 'other'],
    ];
    const { handler, recorded } = setup();
    for (const [fields] of cases) await handler(post(legacy(fields)));
    assertEquals(
      recorded.map((call) => call.violations[0].directive),
      cases.map(([, directive]) => directive),
    );
  },
);

Deno.test('a report that names no directive is no violation: 204, nothing counted', async () => {
  const { handler, recorded } = setup();
  const noDirective = JSON.stringify({ 'csp-report': { 'document-uri': 'https://agentora.ai/' } });
  assertEquals((await handler(post(noDirective))).status, 204);
  assertEquals((await handler(post('[]', REPORTING))).status, 204);
  assertEquals(recorded, []);
});

Deno.test(
  'the sample: markup kept as text, control characters as spaces, cut to 40 characters without splitting one',
  async () => {
    const markup = '<img src=x onerror="alert(document.domain)"><script>steal()</script>';
    const cases: Array<[unknown, string]> = [
      [markup, markup.slice(0, 40)],
      ['a\u0000b\nc\u009fd', 'a b c d'],
      ['lone \ud800 half', 'lone   half'],
      ['🙂'.repeat(50), '🙂'.repeat(40)],
      [{ not: 'text' }, ''],
    ];
    const { handler, recorded } = setup();
    for (const [sample] of cases) await handler(post(legacy({ 'script-sample': sample })));
    assertEquals(
      recorded.map((call) => call.violations[0].sample),
      cases.map(([, stored]) => stored),
    );
    assertEquals(Array.from(recorded[3].violations[0].sample).length, 40);
  },
);

Deno.test('a release that is not a short token is counted as unknown', async () => {
  const cases: Array<[string, string]> = [
    ['?release=2025-11-30-abc1234', '2025-11-30-abc1234'],
    ['', 'unknown'],
    ['?release=', 'unknown'],
    ['?release=Release-1', 'unknown'],
    ['?release=..%2F..%2Fetc', 'unknown'],
    ['?release=%3Cscript%3E', 'unknown'],
    [`?release=${'a'.repeat(41)}`, 'unknown'],
    ['?release=a%20b', 'unknown'],
    ['?release=ok&release=also-ok', 'ok'],
  ];
  const { handler, recorded } = setup();
  for (const [query] of cases) await handler(post(legacy(), LEGACY, query));
  assertEquals(
    recorded.map((call) => call.release),
    cases.map(([, release]) => release),
  );
  assertEquals(cspRelease(null), 'unknown');
});

Deno.test('malformed JSON and bodies of the wrong shape: 400, nothing counted', async () => {
  const { handler, recorded } = setup();
  const cases: Array<[string, string]> = [
    ['{"csp-report": {', LEGACY],
    ['', LEGACY],
    ['\u0000\u0001', LEGACY],
    ['[]', LEGACY],
    ['{"csp-report": "inline"}', LEGACY],
    ['{"report": {}}', LEGACY],
    ['{"csp-report": {"effective-directive": "img-src"}', REPORTING],
    [legacy(), REPORTING],
    ['null', REPORTING],
  ];
  for (const [body, type] of cases) {
    const answer = await handler(post(body, type));
    assertEquals([body, answer.status], [body, 400]);
    assertEquals((await answer.json()).success, false);
  }
  assertEquals(recorded, []);
});

Deno.test('any other content type: 415 before the body is read, nothing counted', async () => {
  const { handler, recorded } = setup();
  for (const type of [
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/csp-report-x',
    null,
  ]) {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled = true;
        controller.enqueue(new TextEncoder().encode(legacy()));
        controller.close();
      },
    });
    const answer = await handler(post(body, type));
    assertEquals([type, answer.status], [type, 415]);
    await answer.body?.cancel();
    assertEquals(pulled, false, `${type}: the body was read`);
  }
  assertEquals(recorded, []);
});

/** A body of `chunks` chunks of 16 KiB, counting how many were read. */
function countedStream(chunks: number) {
  const read = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.chunks >= chunks) {
        controller.close();
        return;
      }
      read.chunks += 1;
      controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
    },
  });
  return { stream, read };
}

Deno.test(
  'an oversized body with its Content-Length: 413 before a byte is read, nothing counted',
  async () => {
    const { handler, recorded } = setup();
    const { stream, read } = countedStream(100);
    const answer = await handler(
      post(stream, LEGACY, '?release=x', {
        'Content-Length': String(CSP_REPORT_LIMITS.maxBodyBytes + 1),
      }),
    );
    assertEquals(answer.status, 413);
    assertEquals(read.chunks <= 1, true, `${read.chunks} chunks read`);
    assertEquals(recorded, []);
  },
);

Deno.test(
  'an oversized body without a Content-Length: 413 once the cap is passed, the rest never read',
  async () => {
    const { handler, recorded } = setup();
    const { stream, read } = countedStream(100);
    const answer = await handler(post(stream, REPORTING));
    assertEquals(answer.status, 413);
    // 64 KiB in 16 KiB chunks: the fifth passes the cap, and reading stops there.
    const capChunks = Math.floor(CSP_REPORT_LIMITS.maxBodyBytes / (16 * 1024)) + 1;
    assertEquals(read.chunks <= capChunks + 1, true, `${read.chunks} chunks read`);
    assertEquals(recorded, []);
  },
);

Deno.test('a body just within the cap is read and counted', async () => {
  const { handler, recorded } = setup();
  const report = legacy({ 'original-policy': '' });
  const padded = report + ' '.repeat(CSP_REPORT_LIMITS.maxBodyBytes - report.length);
  assertEquals(new TextEncoder().encode(padded).length, CSP_REPORT_LIMITS.maxBodyBytes);
  assertEquals((await handler(post(padded))).status, 204);
  assertEquals(recorded.length, 1);
});

Deno.test('other methods, the preflight included: 405 with Allow and no CORS', async () => {
  const { handler, recorded } = setup();
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) {
    const answer = await handler(new Request(`${URL_BASE}?release=x`, { method }));
    assertEquals([method, answer.status, answer.headers.get('allow')], [method, 405, 'POST']);
    await answer.body?.cancel();
  }
  // What another site's script would need first, to send a report's content type from a visitor's
  // browser: refused, with nothing that lets it through.
  const preflight = await handler(
    new Request(URL_BASE, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    }),
  );
  assertEquals(preflight.status, 405);
  assertEquals(preflight.headers.get('access-control-allow-origin'), null);
  await preflight.body?.cancel();
  assertEquals(recorded, []);
});

Deno.test('a database failure: 500, and the error is logged', async () => {
  const { handler, errors } = setup(new Error('database down'));
  const answer = await handler(post(legacy()));
  assertEquals(answer.status, 500);
  assertEquals(String(errors[0]), 'Error: database down');
});

Deno.test('cspReportUrl: the function’s address with the release, for a release it counts', () => {
  assertEquals(
    cspReportUrl('https://project.supabase.co', '2025-11-30-abc1234'),
    'https://project.supabase.co/functions/v1/csp-report?release=2025-11-30-abc1234',
  );
  assertEquals(
    cspReportUrl('http://localhost:54321/', 'local'),
    'http://localhost:54321/functions/v1/csp-report?release=local',
  );
  for (const [backend, release] of [
    ['https://project.supabase.co', 'Release 1'],
    ['https://project.supabase.co', ''],
    ['https://project.supabase.co', 'a'.repeat(41)],
    ['ftp://project.supabase.co', 'ok'],
    ['not a url', 'ok'],
  ]) {
    let thrown = false;
    try {
      cspReportUrl(backend, release);
    } catch {
      thrown = true;
    }
    assertEquals([backend, release, thrown], [backend, release, true]);
  }
});
