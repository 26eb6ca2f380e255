import { expect, test, type Page } from '@playwright/test';
import { SITE_ROUTES } from '@agentora/data/routes';
import { hydrationTestOpensAsIs } from '@agentora/e2e-support/prerendered';
import {
  collectPageErrors,
  expectRoutePage,
  expectSiteFrame,
  sharedSiteUrl,
} from '@agentora/e2e-support/site';

test.describe('route table', () => {
  // Every other route's page is checked so in the visit of its hydration test
  // (prerendered-pages.spec.ts, "… renders its page inside the header and footer and is adopted as
  // served …"): these are the routes that test opens at another address, or not at all.
  // One tab opens these routes in turn: each visit is a page load of its own, and these pages only
  // show what they are. A tab of its own for each (a context, a renderer process, every script
  // fetched and compiled again) cost more than the visit.
  let tab: Page;
  let errors: string[] = [];
  test.beforeAll(async ({ browser }) => {
    tab = await browser.newPage();
    errors = collectPageErrors(tab);
  });
  test.afterAll(() => tab.close());

  for (const route of SITE_ROUTES.filter((route) => !hydrationTestOpensAsIs(route.path))) {
    test(`${route.path} renders its page inside the header and footer`, async () => {
      errors.length = 0;
      await tab.goto(sharedSiteUrl() + route.path);
      await expectRoutePage(tab, route);
      expect(errors).toEqual([]);
    });
  }

  test('an unknown route shows the fallback page inside the frame', async ({ page }) => {
    await page.goto(`${sharedSiteUrl()}/no-such-page/at-all`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Unexpected Application Error! | Agentora');
    await expectSiteFrame(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(`${sharedSiteUrl()}/`);
  });

  test('the footer links every column to its pages', async ({ page }) => {
    await page.goto(`${sharedSiteUrl()}/about`);
    const footer = page.getByRole('contentinfo');
    for (const column of ['Product', 'Resources', 'Company', 'Legal']) {
      await expect(footer.getByRole('heading', { name: column })).toBeVisible();
    }
    const hrefs = await footer
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const target of [
      '/marketplace',
      '/how-it-works',
      '/use-cases',
      '/blog',
      '/about',
      '/careers',
      '/privacy',
      '/terms',
      '/coming-soon',
    ]) {
      expect(hrefs).toContain(target);
    }
    for (const social of [
      'https://x.com/agentora',
      'https://www.linkedin.com/company/agentora',
      'https://www.instagram.com/agentora',
      'mailto:hello@agentora.ai',
    ]) {
      expect(hrefs).toContain(social);
    }
    const chat = footer.getByRole('link', { name: /community chat/i });
    await expect(chat).toHaveAttribute('href', 'https://discord.gg/agentora');
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', /noopener/);
    await expect(footer).toContainText('© 2025');
    await expect(footer).toContainText('COMING SOON');
  });
});
