import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startStaticSite, type StaticSite } from './static-server';
import { IMMUTABLE, REVALIDATE } from './cache-policy';

describe('static server', () => {
  let root: string;
  let site: StaticSite;
  const bigScript = 'console.log("agentora");\n'.repeat(200);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-static-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(root, 'main.0123456789.js'), bigScript);
    fs.writeFileSync(path.join(root, 'remoteEntry.js'), bigScript);
    fs.writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
    site = await startStaticSite({
      root,
      port: 0,
      spaFallback: true,
      runtimeConfig: { env: 'test' },
    });
  });

  afterAll(async () => {
    await site.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('lets a CDN keep content-hashed files for a year', async () => {
    const response = await fetch(`${site.url}/main.0123456789.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(['/remoteEntry.js', '/mf-manifest.json', '/index.html', '/runtime-config.json'])(
    'revalidates %s on every load',
    async (file) => {
      const response = await fetch(`${site.url}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(REVALIDATE);
    },
  );

  it('answers the runtime config it was given', async () => {
    expect(await (await fetch(`${site.url}/runtime-config.json`)).json()).toEqual({ env: 'test' });
  });

  it('compresses text with brotli or gzip as the client accepts', async () => {
    const gz = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      // fetch always decompresses, so ask with the http module to see the bytes on the wire.
      import('node:http').then(({ get }) =>
        get(`${site.url}/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        }).on('error', reject),
      );
    });
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigScript);
    expect(gz.body.length).toBeLessThan(bigScript.length / 10);
  });

  it('serves index.html for client-side routes but 404s missing assets', async () => {
    const page = await fetch(`${site.url}/blog`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    expect((await fetch(`${site.url}/missing.js`)).status).toBe(404);
  });

  it('serves a prerendered page at its address, with or without a trailing slash', async () => {
    fs.mkdirSync(path.join(root, 'about'));
    fs.writeFileSync(path.join(root, 'about', 'index.html'), '<!doctype html><title>About</title>');
    for (const address of ['/about', '/about/']) {
      const page = await fetch(`${site.url}${address}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe(REVALIDATE);
      expect(await page.text()).toContain('<title>About</title>');
    }
  });

  it('answers unknown addresses with the prerendered error page and status 404, once there is one', async () => {
    fs.writeFileSync(path.join(root, '404.html'), '<!doctype html><title>Not here</title>');
    try {
      const page = await fetch(`${site.url}/no/such/page`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('<title>Not here</title>');
    } finally {
      fs.rmSync(path.join(root, '404.html'));
    }
  });

  it('serves a redeployed file, not a compressed copy of the one before', async () => {
    const file = path.join(root, 'remoteEntry.js');
    const read = () =>
      fetch(`${site.url}/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } }).then(
        (response) => response.text(),
      );
    expect(await read()).toBe(bigScript);
    const release2 = bigScript.replace(/agentora/g, 'release-2');
    fs.writeFileSync(file, release2);
    try {
      expect(await read()).toBe(release2);
    } finally {
      fs.writeFileSync(file, bigScript);
    }
  });

  it('never serves files outside its folder', async () => {
    const response = await fetch(`${site.url}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });
});

describe("a host's header rules and CSP reports", () => {
  let root: string;
  let site: StaticSite;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-headers-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(root, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    fs.writeFileSync(path.join(root, '_headers.json'), '{}');
    site = await startStaticSite({ root, port: 0, cors: false, collectCspReports: true });
  });

  afterAll(async () => {
    await site.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends what _headers says, and follows the file when a deploy rewrites it', async () => {
    let response = await fetch(`${site.url}/`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    fs.writeFileSync(path.join(root, '_headers'), '/*\n  X-Frame-Options: SAMEORIGIN\n');
    const later = new Date(Date.now() + 2000);
    fs.utimesSync(path.join(root, '_headers'), later, later);
    response = await fetch(`${site.url}/`);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('does not publish the rules themselves', async () => {
    for (const file of ['/_headers', '/_headers.json'])
      expect((await fetch(site.url + file)).status).toBe(404);
  });

  it('keeps the reports browsers send, ignores what is not JSON or too large, and lists them', async () => {
    const post = (body: string) =>
      fetch(`${site.url}/__csp-reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report' },
        body,
      });
    expect((await post('{"csp-report":{"violated-directive":"script-src"}}')).status).toBe(204);
    expect((await post('not json')).status).toBe(204);
    expect((await post(`{"x":"${'a'.repeat(70 * 1024)}"}`)).status).toBe(204);
    const listed = (await (await fetch(`${site.url}/__csp-reports`)).json()) as unknown[];
    expect(listed).toEqual([{ 'csp-report': { 'violated-directive': 'script-src' } }]);
    expect(site.cspReports()).toEqual(listed);
  });
});
