import { expect, test } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

// The production preview serves the real builds the way a CDN must: names of "the current
// version" revalidated, content-hashed assets immutable, remotes readable cross-origin, compressed.
test('the preview serves the builds with CDN caching, CORS and compression', async ({
  request,
}) => {
  const shell = sharedSiteUrl();
  const careers = shell.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 3}`);

  for (const url of [
    `${shell}/`,
    `${shell}/runtime-config.json`,
    `${careers}/mf-manifest.json`,
    `${careers}/remoteEntry.js`,
  ]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['cache-control'], url).toBe('no-cache');
  }

  const manifest = await (await request.get(`${careers}/mf-manifest.json`)).json();
  const exposeChunk: string = manifest.exposes[0].assets.js.sync.find((file: string) =>
    /\.[0-9a-f]{10}\.js$/.test(file),
  );
  const asset = await request.get(`${careers}/${exposeChunk}`, {
    headers: { 'accept-encoding': 'br, gzip', origin: shell },
  });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['access-control-allow-origin']).toBe('*');
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['content-type']).toMatch(/javascript/);
});
