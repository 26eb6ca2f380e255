import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { APP_NAMES, appFolder, type AppName } from '@agentora/contracts/apps';
import { SITE_URL } from '@agentora/data/constants';
import { REMOTE_STANDALONE_FILES } from '@agentora/delivery';
import { IMMUTABLE, NO_STORE, REVALIDATE } from '@agentora/host';
import { servedApps } from '@agentora/e2e-support/owners';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';

// The preview is the host: every app is served by workerd (wrangler dev) with its production Worker
// config and header rules (tools/host), so addresses, redirects, 404s and caching are what
// Cloudflare does in production.

const appUrl = (app: AppName) =>
  sharedSiteUrl().replace(
    /:(\d+)$/,
    (_, port: string) => `:${Number(port) + APP_NAMES.indexOf(app)}`,
  );

/** The addresses the sitemap lists, on this site. */
async function sitemapAddresses(request: import('@playwright/test').APIRequestContext) {
  const sitemap = await (await request.get(`${sharedSiteUrl()}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    match[1]!.replace(SITE_URL, sharedSiteUrl()),
  );
}

test('every address of the sitemap answers 200 at once, with no redirect; its other forms redirect to it once', async ({
  request,
}) => {
  const addresses = await sitemapAddresses(request);
  expect(addresses.length).toBeGreaterThan(20);
  for (const address of addresses) {
    const response = await request.get(address, { maxRedirects: 0 });
    expect(response.status(), address).toBe(200);
    const html = await response.text();
    // The page names itself by the address that answered it.
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical?.replace(SITE_URL, sharedSiteUrl()), address).toBe(address);
  }
  for (const address of addresses.filter((url) => new URL(url).pathname !== '/')) {
    for (const other of [`${address}/`, `${address}/index.html`]) {
      const response = await request.get(other, { maxRedirects: 0 });
      expect(response.status(), other).toBe(307);
      expect(new URL(response.headers().location!, other).href, other).toBe(address);
    }
  }
  const home = await request.get(`${sharedSiteUrl()}/index.html`, { maxRedirects: 0 });
  expect(home.headers().location).toBe('/');
});

/** What a browser sends to open an address, and to load a script element's file. */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
const SCRIPT = { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };

test('an unknown address gets the error page with 404; a missing file of a remote a plain 404; neither is kept', async ({
  request,
}) => {
  // A script name no build has: what a page of a new version asks of a location still serving the
  // old one. Kept, it would outlive the new file (docs/deploying-the-site.md).
  for (const [address, headers] of [
    ['/no/such/page', NAVIGATION],
    ['/blog/no-such-article', NAVIGATION],
    ['/about/extra', {}],
    ['/nothing.0123456789.js', SCRIPT],
    ['/nothing.0123456789.js', NAVIGATION],
  ] as const) {
    const what = `${address} ${JSON.stringify(headers)}`;
    const response = await request.get(sharedSiteUrl() + address, { headers, maxRedirects: 0 });
    expect(response.status(), what).toBe(404);
    expect(await response.text(), what).toContain('Unexpected Application Error!');
    expect(response.headers()['cache-control'], what).toBe(NO_STORE);
    expect(response.headers()['content-security-policy'], what).toMatch(/^default-src 'none'/);
  }
  for (const file of ['missing.0123456789.js', 'releases/r1/missing.0123456789.js']) {
    const missing = await request.get(`${appUrl('careers')}/${file}`, { headers: SCRIPT });
    expect(missing.status(), file).toBe(404);
    expect(await missing.text(), file).toBe('');
    expect(missing.headers()['cache-control'], file).toBe(NO_STORE);
    expect(missing.headers()['cross-origin-resource-policy'], file).toBe('cross-origin');
  }
  // A remote's standalone page and local config are for `nx serve`, not on its host.
  for (const file of ['', ...REMOTE_STANDALONE_FILES]) {
    const standalone = await request.get(`${appUrl('careers')}/${file}`, { maxRedirects: 0 });
    expect(standalone.status(), file).toBe(404);
  }
});

test("every file of every app's build is cached as its name says: content-hashed for a year, the rest revalidated", async ({
  request,
}) => {
  const hashed = /\.[0-9a-f]{10}\.js$/;
  for (const app of servedApps()) {
    const dist = path.join(WORKSPACE_ROOT, appFolder(app), 'dist');
    const files = (fs.readdirSync(dist, { recursive: true }) as string[]).filter((file) =>
      fs.statSync(path.join(dist, file)).isFile(),
    );
    // The shell's index.html is replaced by the prerendered home page; a remote's standalone page
    // and its local runtime config are for `nx serve` and are not on its host (checked below).
    const onTheHost = files.filter(
      (name) =>
        !name.endsWith('.html') &&
        !(app !== 'shell' && (REMOTE_STANDALONE_FILES as readonly string[]).includes(name)),
    );
    for (const file of onTheHost) {
      const url = `${appUrl(app)}/${file}`;
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['cache-control'], url).toBe(
        hashed.test(file) ? IMMUTABLE : REVALIDATE,
      );
      // Revalidation is cheap: the host answers a repeat with 304.
      if (!hashed.test(file)) {
        const again = await request.get(url, {
          headers: { 'if-none-match': response.headers().etag! },
          maxRedirects: 0,
        });
        expect(again.status(), url).toBe(304);
      }
    }
  }
  for (const page of ['/', '/careers', '/blog']) {
    const response = await request.get(sharedSiteUrl() + page);
    expect(response.headers()['cache-control'], page).toBe(REVALIDATE);
  }
});

test("a remote's manifest is readable by other origins, and nothing else is; its text is compressed", async ({
  request,
}) => {
  const careers = appUrl('careers');
  const manifest = await request.get(`${careers}/mf-manifest.json`, {
    headers: { origin: sharedSiteUrl() },
  });
  expect(manifest.headers()['access-control-allow-origin']).toBe('*');
  const { exposes } = (await manifest.json()) as {
    exposes: Array<{ assets: { js: { sync: string[] } } }>;
  };
  const chunk = exposes[0]!.assets.js.sync.find((file) => /\.[0-9a-f]{10}\.js$/.test(file))!;
  for (const file of [chunk, 'remoteEntry.js']) {
    const response = await request.get(`${careers}/${file}`, {
      headers: { origin: sharedSiteUrl(), 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers()['access-control-allow-origin'], file).toBeUndefined();
  }
  const compressed = await request.get(`${careers}/${chunk}`, {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  // Cloudflare's edge sends br to browsers that take it; workerd locally, gzip.
  expect(compressed.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(compressed.headers()['content-type']).toMatch(/javascript/);
});
