import { startRemoteHost } from '@agentora/e2e-support/preview-site';
import { portBlock } from '@agentora/e2e-support/ports';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { CAREERS_RELEASE_2_MARKER, expect, test } from '@agentora/e2e-support/remote-releases';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';

test('a new remote release on another host is picked up by changing only the runtime config', async ({
  page,
  careersRelease2: releaseDist,
}) => {
  test.setTimeout(90_000);
  // Another team ships careers "release 2" to a new host; the shell is not rebuilt.
  const newHost = await startRemoteHost({ remote: 'careers', build: releaseDist, port: 4339 });

  // Before: the shared site, from the same shell build, with the runtime config a deploy writes.
  await page.goto(`${sharedSiteUrl()}/careers`);
  await expect(
    page
      .getByRole('main')
      .getByRole('heading', { name: /Careers/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('release-marker')).toHaveCount(0);

  // Same shell build; only the runtime config now names the new host (the other remotes are the
  // shared site's). Its careers page is prerendered from there, as a deploy would.
  const after = await startSiteBeside({
    ports: portBlock(4330),
    remoteUrls: { careers: 'http://127.0.0.1:4339/mf-manifest.json' },
    prerender: { remotes: ['careers'] },
  });
  try {
    const careersPorts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        /mf-manifest\.json|remoteEntry\.js/.test(url.pathname) &&
        ['4333', '4339'].includes(url.port)
      )
        careersPorts.add(url.port);
    });
    await page.goto(`${after.url}/careers`);
    // Prerendered from release 2; its code, from the new host, loads when the visitor uses the page.
    await expect(page.getByTestId('release-marker')).toHaveText(CAREERS_RELEASE_2_MARKER);
    await page.getByRole('main').hover();
    await waitForHydrated(page, 'main h1');
    await expect(
      page
        .getByRole('main')
        .getByRole('heading', { name: /Careers/ })
        .first(),
    ).toBeVisible();
    expect([...careersPorts]).toEqual(['4339']);
  } finally {
    await after.close();
    await newHost.close();
  }
});
