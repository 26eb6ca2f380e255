import { startRemoteHost } from '@agentora/e2e-support/preview-site';
import { recordCspViolations } from '@agentora/e2e-support/csp';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';
import { portBlock } from '@agentora/e2e-support/ports';
import { CAREERS_RELEASE_2_MARKER, expect, test } from '@agentora/e2e-support/remote-releases';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';

// A team tries its pull request's build of a remote in the production site, in one browser: an
// override link from an allowed origin (apps/shell/src/federation/remote-overrides.ts). A shell of
// this file's own (4380: its runtime config allows the origin; the remotes are the shared site's), a
// preview build of careers on an allowed origin (4390), and an origin that is not allowed (4391). No
// host is started there: the shell refuses an origin off its list before asking it for anything,
// and the test checks that the page asked it for nothing.
const ALLOWED_PORT = 4390;
const REFUSED_PORT = 4391;
// Its pull request's build: careers' next release, as a team would try it before shipping.
const MARKER = CAREERS_RELEASE_2_MARKER;

test('an override link loads the preview build of a remote in this browser until cleared; another origin is refused', async ({
  page,
  browser,
  careersRelease2: dist,
}) => {
  test.setTimeout(180_000);
  const allowedOrigin = `http://127.0.0.1:${ALLOWED_PORT}`;
  const previewBuild = await startRemoteHost({
    remote: 'careers',
    build: dist,
    port: ALLOWED_PORT,
  });
  const site = await startSiteBeside({
    ports: portBlock(4380),
    overrideOrigins: [allowedOrigin],
    // The careers page is prerendered: the preview build's code takes over the page's HTML.
    prerender: { remotes: ['careers'] },
  });
  try {
    const violations = await recordCspViolations(page);
    const main = page.getByRole('main');
    const banner = page.getByRole('region', { name: 'Remote override' });
    const marker = page.getByTestId('release-marker');
    const override = `${allowedOrigin}/mf-manifest.json`;

    // A link alone runs nothing: it asks first.
    await page.goto(`${site.url}/careers?remote-override=careers=${encodeURIComponent(override)}`);
    await expect(banner).toContainText(`Load "careers" from ${override} in this browser?`);
    await page.getByRole('main').hover();
    // The part's code has run (hydrated): had the preview build loaded, its marker would be here.
    await waitForHydrated(page, 'main h1');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
    ).toBeVisible();
    await expect(marker).toHaveCount(0);
    await banner.getByRole('button', { name: 'Load this build' }).click();

    // The prerendered careers page, its part rendered from the preview build's code.
    await expect(banner).toHaveText(
      `Previewing "careers" from ${override}, in this browser only.Clear override`,
    );
    await page.getByRole('main').hover();
    await expect(marker).toHaveText(MARKER);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
    ).toBeVisible();
    // The link is not passed on with the address.
    await expect(page).toHaveURL(`${site.url}/careers`);

    // Another page load in this browser keeps it; another browser never had it.
    await page.reload();
    await page.getByRole('main').hover();
    await expect(marker).toHaveText(MARKER);
    const other = await browser.newPage();
    await other.goto(`${site.url}/careers`);
    await other.getByRole('main').hover();
    await waitForHydrated(other, 'main h1');
    await expect(
      other.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
    ).toBeVisible();
    await expect(other.getByTestId('release-marker')).toHaveCount(0);
    await expect(other.getByRole('region', { name: 'Remote override' })).toHaveCount(0);
    await other.close();

    await banner.getByRole('button', { name: 'Clear override' }).click();
    await expect(page).toHaveURL(`${site.url}/careers`);
    await page.getByRole('main').hover();
    await waitForHydrated(page, 'main h1');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
    ).toBeVisible();
    await expect(marker).toHaveCount(0);
    await expect(banner).toHaveCount(0);

    // An origin that is not on the runtime config's list loads nothing, and says so.
    const refused = `http://127.0.0.1:${REFUSED_PORT}/mf-manifest.json`;
    const offListRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://127.0.0.1:${REFUSED_PORT}`))
        offListRequests.push(request.url());
    });
    await page.goto(`${site.url}/careers?remote-override=careers=${encodeURIComponent(refused)}`);
    await expect(banner).toContainText(
      `Remote override refused: http://127.0.0.1:${REFUSED_PORT} is not on this site's list of preview origins.`,
    );
    await page.getByRole('main').hover();
    await waitForHydrated(page, 'main h1');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
    ).toBeVisible();
    await expect(marker).toHaveCount(0);
    expect(offListRequests).toEqual([]);
    // The policy let the allowed build run and refused nothing (recorded in the page, as it happens).
    expect(await violations()).toEqual([]);
  } finally {
    await site.close();
    await previewBuild.close();
  }
});
