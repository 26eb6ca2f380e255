import { expect, test } from '@playwright/test';
import { collectPageErrors, expectSiteFrame, sharedSiteUrl } from '../support/site';

// Every route of the spec's table, with the document title the shell gives it and a heading its
// page must show.
const ROUTES: ReadonlyArray<{ path: string; title: string; heading: RegExp }> = [
  { path: '/', title: 'Agentora — The Future of AI Agent Commerce', heading: /The Future of AI Agent Commerce/ },
  { path: '/about', title: 'About | Agentora', heading: /About/ },
  { path: '/blog', title: 'Blog | Agentora', heading: /Blog/ },
  { path: '/use-cases', title: 'Use Cases | Agentora', heading: /Use Cases/ },
  { path: '/how-it-works', title: 'How It Works | Agentora', heading: /How .* Works/ },
  { path: '/case-studies', title: 'Case Studies | Agentora', heading: /Case Studies/ },
  { path: '/tutorials', title: 'Tutorials | Agentora', heading: /Tutorials/ },
  { path: '/community', title: 'Community | Agentora', heading: /Community/ },
  { path: '/careers', title: 'Careers | Agentora', heading: /Careers/ },
  { path: '/privacy', title: 'Privacy Policy | Agentora', heading: /Privacy Policy/ },
  { path: '/terms', title: 'Terms of Service | Agentora', heading: /Terms of Service/ },
  { path: '/coming-soon', title: 'Join the Waitlist | Agentora', heading: /Join the AI Revolution/ },
  { path: '/marketplace', title: 'Marketplace — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
  { path: '/documentation', title: 'Documentation — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
  { path: '/api', title: 'API — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
  { path: '/press', title: 'Press — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
  { path: '/contact', title: 'Contact — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
  { path: '/cookies', title: 'Cookie Policy — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
  { path: '/gdpr', title: 'GDPR — Coming Soon | Agentora', heading: /Join the AI Revolution/ },
];

test.describe('route table', () => {
  for (const route of ROUTES) {
    test(`${route.path} renders its page inside the header and footer`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(sharedSiteUrl() + route.path);
      await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole('main').getByRole('heading', { name: route.heading }).first()).toBeVisible();
      await expectSiteFrame(page);
      await expect(page.locator('[data-remote-failure]')).toHaveCount(0);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      expect(errors).toEqual([]);
    });
  }

  test('an unknown route shows the fallback page inside the frame', async ({ page }) => {
    await page.goto(`${sharedSiteUrl()}/no-such-page/at-all`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page).toHaveTitle('Unexpected Application Error! | Agentora');
    await expectSiteFrame(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(`${sharedSiteUrl()}/`);
  });

  test('the footer links every column to the spec targets', async ({ page }) => {
    await page.goto(`${sharedSiteUrl()}/about`);
    const footer = page.getByRole('contentinfo');
    for (const column of ['Product', 'Resources', 'Company', 'Legal']) {
      await expect(footer.getByRole('heading', { name: column })).toBeVisible();
    }
    const hrefs = await footer.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const target of ['/marketplace', '/how-it-works', '/use-cases', '/blog', '/about', '/careers', '/privacy', '/terms', '/coming-soon']) {
      expect(hrefs).toContain(target);
    }
    for (const social of ['https://x.com/agentora', 'https://www.linkedin.com/company/agentora', 'https://www.instagram.com/agentora', 'mailto:hello@agentora.ai']) {
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
