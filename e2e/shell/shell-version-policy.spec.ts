import path from 'node:path';
import type { RemoteHost } from '@agentora/preview';
import { deployApp } from '@agentora/delivery';
import { portBlock } from '@agentora/e2e-support/ports';
import { startRemoteHost } from '@agentora/e2e-support/preview-site';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';
import { expectSiteFrame } from '@agentora/e2e-support/site';
import { expect, test } from '@agentora/e2e-support/remote-releases';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';

test.describe.configure({ timeout: 90_000 });

// A careers host of this file's own, beside the shared site, for both tests: each deploys its build of
// careers into it, as careers' deploy puts a build live, and starts a shell of its own whose runtime
// config names that host (the other remotes are the shared site's).
let careers: RemoteHost;
test.beforeAll(async () => {
  careers = await startRemoteHost({
    remote: 'careers',
    build: path.join(WORKSPACE_ROOT, 'apps/careers/dist'),
    port: portBlock(4340).careers,
  });
});
test.afterAll(async () => {
  await careers?.close();
});

/** Puts a build of careers live on the file's careers host; its manifest's address. */
async function deployCareers(dist: string): Promise<string> {
  deployApp(dist, careers.folder, { remote: true });
  await careers.settled();
  return `${careers.url}/mf-manifest.json`;
}

test('a remote built against a newer minor runs on the page copy, with a console warning', async ({
  page,
  careersReactMinor: dist,
}) => {
  // Its careers page is prerendered from this build, and hydrated by it.
  const site = await startSiteBeside({
    ports: portBlock(4340),
    remoteUrls: { careers: await deployCareers(dist) },
    prerender: { remotes: ['careers'] },
  });
  try {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${site.url}/careers`);
    // The prerendered page's part loads its code when the visitor first uses the page.
    await page.getByRole('main').hover();
    await waitForHydrated(page, 'main h1');
    await expect(
      page
        .getByRole('main')
        .getByRole('heading', { name: /Careers/ })
        .first(),
    ).toBeVisible();
    await expect(page.locator('[data-remote-failure]')).toHaveCount(0);
    expect(
      warnings.some(
        (text) =>
          text.includes(
            'shared singleton module react does not satisfy the requirement of careers',
          ) && text.includes('^19.99.0'),
      ),
    ).toBe(true);
  } finally {
    await site.close();
  }
});

test('a remote built against another major fails its own area clearly; the site keeps working', async ({
  page,
  careersReactMajor: dist,
}) => {
  // Its prerender fails the same way (the guard runs in Node too); the browser is what this checks.
  const site = await startSiteBeside({
    ports: portBlock(4350),
    remoteUrls: { careers: await deployCareers(dist) },
    prerender: false,
  });
  try {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${site.url}/careers`);
    await expect(page.locator('[data-remote-failure]')).toContainText(
      'This page is temporarily unavailable',
    );
    await expectSiteFrame(page);
    expect(
      errors.some((text) =>
        text.includes('"careers" was built for react ^20.0.0, but this page runs react 19.'),
      ),
    ).toBe(true);

    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(
      page.getByRole('main').getByRole('heading', { name: /About/ }).first(),
    ).toBeVisible();
  } finally {
    await site.close();
  }
});
