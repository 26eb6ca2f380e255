import { expect, test, type Page, type ViewportSize } from '@playwright/test';
import { axeOn } from '@agentora/e2e-support/axe';
import { collectPageErrors, expectSiteFrame, sharedSiteUrl } from '@agentora/e2e-support/site';

// Every route the content remote serves, with the headings its page must show through the shell.
const ROUTES: ReadonlyArray<{ path: string; h1: RegExp; headings: readonly (string | RegExp)[] }> =
  [
    {
      path: '/',
      h1: /^The Future of AI Agent Commerce$/,
      headings: [
        /Where AI agents do the work/,
        /four steps/,
        'The road to launch',
        'Latest insights',
      ],
    },
    {
      path: '/about',
      h1: /^About Agentora$/,
      headings: [
        'Our Mission',
        'Our Vision',
        'Our Values',
        'By the Numbers',
        'Democratize AI',
        'Transparency',
      ],
    },
    { path: '/blog', h1: /Blog/, headings: ['Featured Article', 'More Articles'] },
    {
      path: '/use-cases',
      h1: /Use Cases/,
      headings: [
        'Agents for every team',
        'Customer Support Agent',
        'Industries We Serve',
        'The impact',
      ],
    },
    {
      path: '/how-it-works',
      h1: /^How Agentora Works$/,
      headings: [
        'For Creators',
        'For Buyers',
        'Creator Benefits',
        /trust bridge/,
        'Who it is for',
        'Ready to get started?',
      ],
    },
    {
      path: '/case-studies',
      h1: /^Case Studies$/,
      headings: ['Featured Case Study', 'More Case Studies', 'CloudNest'],
    },
    {
      path: '/tutorials',
      h1: /Tutorials/,
      headings: ['Learning Paths', 'Browse Tutorials', 'Featured Tutorial', 'More Tutorials'],
    },
    {
      path: '/community',
      h1: /Community/,
      headings: [
        'Where the community meets',
        'Recent Discussions',
        'Upcoming Events',
        'Top Contributors',
        'Resources',
        'Community Updates',
      ],
    },
    {
      path: '/privacy',
      h1: /^Privacy Policy$/,
      headings: ['1. Information We Collect', '6. Your Rights', '8. Contact Us'],
    },
    {
      path: '/terms',
      h1: /^Terms of Service$/,
      headings: ['1. Pre-Launch Nature of the Service', '8. Termination', '11. Contact'],
    },
  ];

/** The serious and critical axe violations of the page as it is, as rule, impact and targets. */
async function seriousAxeViolations(page: Page) {
  const results = await axeOn(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Opens the route at `viewport` and waits for its page's heading. */
async function openRoute(page: Page, path: string, h1: RegExp, viewport: ViewportSize) {
  await page.setViewportSize(viewport);
  await page.goto(sharedSiteUrl() + path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(h1);
  // The home page also waits for the signups remote's sections it hosts.
  if (path === '/')
    await expect(page.locator('[role="status"][aria-live="polite"]')).toHaveCount(0);
}

// One tab opens every route in turn, as a visitor going from page to page (the site's scripts, hashed
// and served immutable, come from its cache): the pages only read, and a tab of its own for each test
// (a context, a renderer process) cost more than the visit.
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});
test.afterAll(() => page.close());

for (const route of ROUTES) {
  test.describe(`content route ${route.path}`, () => {
    // One visit checks the headings and axe at the desktop width, then axe at a phone's: the pages
    // lay out by CSS alone (no script reads the viewport), so the page resized to 390px is the page a
    // phone loads (they were three tests, three visits).
    test('shows its key headings inside the site frame and has no serious or critical axe violation at 1280px and at 390px', async () => {
      const errors = collectPageErrors(page);
      await openRoute(page, route.path, route.h1, { width: 1280, height: 800 });
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const name of route.headings) {
        await expect(
          main.getByRole('heading', { name, exact: typeof name === 'string' }).first(),
        ).toBeVisible();
      }
      await expectSiteFrame(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
