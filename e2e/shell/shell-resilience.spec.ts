import net from 'node:net';
import { expect, test } from '@agentora/e2e-support/test';
import { portBlock, SHARED_SITE_BASE_PORT } from '@agentora/e2e-support/ports';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { expectSiteFrame, sharedSiteUrl } from '@agentora/e2e-support/site';

test('a remote that is down costs only its own area, and Retry brings it back', async ({
  page,
}) => {
  // The shared site with careers' host down for this page alone: every request to it is refused at the
  // connection, as a stopped host's are, while the other tests keep using it.
  const careersPort = String(portBlock(SHARED_SITE_BASE_PORT).careers);
  const careersDown = (url: URL) => url.port === careersPort;
  await page.route(careersDown, (route) => route.abort('connectionrefused'));
  await page.goto(`${sharedSiteUrl()}/careers`);
  // The prerendered page reads as HTML until the visitor uses it; then its code cannot load.
  await page.getByRole('main').hover();
  const failure = page.locator('[data-remote-failure]');
  await expect(failure).toContainText('This page is temporarily unavailable', { timeout: 8000 });
  await expectSiteFrame(page);

  // Other routes still work while careers is down.
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: /About/ }).first(),
  ).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(failure).toBeVisible();

  await page.unroute(careersDown);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('heading', { name: /Careers/ })
      .first(),
  ).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a remote that hangs fails within seconds instead of blanking the page', async ({ page }) => {
  // Starting a site of its own (its hosts) takes part of the test's time on a busy machine.
  test.setTimeout(120_000);
  // Accepts connections and never answers: the worst kind of outage.
  const sockets = new Set<net.Socket>();
  const hanging = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => hanging.listen(4329, '127.0.0.1', resolve));
  // A shell of its own whose runtime config names the hanging host for content; the other remotes
  // are the shared site's.
  const site = await startSiteBeside({
    ports: portBlock(4320),
    remoteUrls: { content: 'http://127.0.0.1:4329/mf-manifest.json' },
    // Nothing could be prerendered from a content that hangs (prerender-deploy.spec.ts shows the
    // prerender failing); the pages render in the browser.
    prerender: false,
  });
  try {
    const started = Date.now();
    await page.goto(`${site.url}/about`);
    await expect(page.locator('[data-remote-failure]')).toContainText('temporarily unavailable', {
      timeout: 12_000,
    });
    expect(Date.now() - started).toBeLessThan(12_000);
    await expectSiteFrame(page);
    await page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click();
    await expect(
      page.getByRole('main').getByRole('heading', { name: /Join the AI Revolution/ }),
    ).toBeVisible();
  } finally {
    for (const socket of sockets) socket.destroy();
    hanging.close();
    await site.close();
  }
});
