import { expect, test } from '@agentora/e2e-support/test';
import { sharedBackendSettings, testBackend } from '@agentora/e2e-support/backend';
import {
  CSP_PROBE_MARKER,
  cspViolations,
  failOnRefusedCsp,
  recordCspViolations,
} from '@agentora/e2e-support/csp';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

// The headers a deploy writes for the static host (tools/delivery/src/write-headers.ts), served by
// the preview from the shell folder's _headers. Every other spec runs under them too, and the run's
// teardown fails on any violation a page reported (support/global-setup.ts): that is what covers
// every route with its lazy parts hydrated (prerendered-pages.spec.ts, the footer form on every
// route), every form, supabase-js and the remotes.

const remoteUrl = (offset: number) =>
  sharedSiteUrl().replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + offset}`);

test("the shell's pages carry the security headers, with a policy naming the remotes and the backend", async ({
  request,
}) => {
  const config = (await (await request.get(`${sharedSiteUrl()}/runtime-config.json`)).json()) as {
    remotes: Record<string, string>;
    supabase: { url: string };
    botCheck: { scriptUrl: string };
  };
  for (const path of ['/', '/careers', '/blog/pricing-your-ai-agent', '/no-such-page']) {
    const response = await request.get(sharedSiteUrl() + path, {
      headers: { accept: 'text/html' },
    });
    const headers = response.headers();
    expect(headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    // Nothing else reads the shell's pages: they are not open to other origins.
    expect(headers['access-control-allow-origin'], path).toBeUndefined();

    const csp = Object.fromEntries(
      headers['content-security-policy']!.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values];
      }),
    ) as Record<string, string[]>;
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    const scriptSrc = csp['script-src']!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    for (const manifest of Object.values(config.remotes)) {
      expect(scriptSrc).toContain(new URL(manifest).origin);
      expect(csp['connect-src']).toContain(new URL(manifest).origin);
    }
    expect(scriptSrc.some((source) => source.startsWith("'sha256-"))).toBe(true);
    // The bot check's script (added on a visitor's first touch of a form) and its challenge's frame:
    // its origin, and no other frame.
    const botCheckOrigin = new URL(config.botCheck.scriptUrl).origin;
    expect(scriptSrc).toContain(botCheckOrigin);
    expect(csp['frame-src']).toEqual([botCheckOrigin]);
    expect(csp['connect-src']).toContain(new URL(config.supabase.url).origin);
    // Reports go to the backend's csp-report function (no header names a path of the preview's).
    expect(csp['report-uri']).toEqual([
      expect.stringMatching(
        new RegExp(`^${config.supabase.url}/functions/v1/csp-report\\?release=[0-9a-f]{12}$`),
      ),
    ]);
  }

  // A remote's files: readable by the shell's pages, never sniffed, never framed.
  const remote = await request.get(`${remoteUrl(1)}/mf-manifest.json`);
  expect(remote.headers()['access-control-allow-origin']).toBe('*');
  expect(remote.headers()['x-content-type-options']).toBe('nosniff');
  expect(remote.headers()['cross-origin-resource-policy']).toBe('cross-origin');

  // The host's own rules are not published.
  for (const file of ['/_headers', '/_headers.json', '/.assetsignore'])
    expect((await request.get(sharedSiteUrl() + file)).status(), file).toBe(404);
});

test('a script injected into a page is refused, and reported', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto(`${sharedSiteUrl()}/coming-soon`);
  await page.evaluate((marker) => {
    const script = document.createElement('script');
    script.textContent = `window.__injected = '${marker}';`;
    document.body.append(script);
    const handler = document.createElement('div');
    handler.innerHTML = `<img src="data:," onerror="window.__injected='${marker}'">`;
    document.body.append(handler);
  }, CSP_PROBE_MARKER);
  await expect.poll(violations).toHaveLength(2);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  expect((await violations()).every((line) => line.startsWith('script-src'))).toBe(true);
  // Both were reported to the backend named by the policy, and counted there.
  await expect
    .poll(async () =>
      (await cspViolations(sharedBackendSettings()))
        .filter((row) => row.sample.includes(CSP_PROBE_MARKER) && row.page === '/coming-soon')
        .reduce((sum, row) => sum + Number(row.count), 0),
    )
    .toBeGreaterThanOrEqual(2);
});

test("the run's teardown fails on any report but the CSP spec's own, as a browser sends it", async () => {
  // A backend of this test's own: a violation counted in the shared one would fail the run.
  const backend = await testBackend(4459);
  try {
    const report = (sample: string) =>
      fetch(`${backend.url}/functions/v1/csp-report?release=e2e`, {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report' },
        body: JSON.stringify({
          'csp-report': {
            'document-uri': `${sharedSiteUrl()}/coming-soon`,
            'effective-directive': 'script-src-elem',
            'violated-directive': 'script-src-elem',
            'blocked-uri': 'inline',
            'script-sample': sample,
          },
        }),
      });
    expect((await report(`window.__injected = '${CSP_PROBE_MARKER}';`)).status).toBe(204);
    await expect(failOnRefusedCsp(backend)).resolves.toBeUndefined();
    expect((await report('alert(document.cookie)')).status).toBe(204);
    await expect(failOnRefusedCsp(backend)).rejects.toThrow(
      /The Content-Security-Policy refused 1 thing\(s\) during the run:[\s\S]*alert\(document\.cookie\)/,
    );
  } finally {
    await backend.close();
  }
});
