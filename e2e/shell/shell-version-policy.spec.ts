import { portBlock } from '@agentora/e2e-support/ports';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { expectSiteFrame } from '@agentora/e2e-support/site';
import { expect, test } from '@agentora/e2e-support/remote-releases';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';

test.describe.configure({ timeout: 90_000 });

test('a remote built against a newer minor runs on the page copy, with a console warning', async ({
  page,
  careersReactMinor: dist,
}) => {
  // A shell and a careers host of its own (the other remotes are the shared site's): its careers
  // page is prerendered from this build, and hydrated by it.
  const site = await startSiteBeside({
    ports: portBlock(4340),
    serves: ['careers'],
    distDirs: { careers: dist },
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
    serves: ['careers'],
    distDirs: { careers: dist },
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
