import { expect, test, type Page } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

async function expectInViewport(page: Page, id: string) {
  const heading = page.locator(`section#${id}`).getByRole('heading', { level: 2 }).first();
  await expect(heading).toBeInViewport();
  // Right under the sticky header (to its 1px border), though the bands above it were laid out on
  // estimated heights (content-visibility: libs/ui's Section) and only some have been drawn since.
  const headerBottom = await page
    .locator('#root > header')
    .evaluate((header) => header.getBoundingClientRect().bottom);
  const sectionTop = () =>
    page.locator(`section#${id}`).evaluate((section) => section.getBoundingClientRect().top);
  await expect
    .poll(async () => Math.abs((await sectionTop()) - headerBottom), {
      message: `#${id} right under the header`,
    })
    .toBeLessThanOrEqual(3);
}

test.describe('home anchors', () => {
  for (const id of ['vision', 'how-it-works', 'roadmap', 'blog']) {
    test(`/#${id} scrolls its section into view`, async ({ page }) => {
      await page.goto(`${sharedSiteUrl()}/#${id}`);
      await expectInViewport(page, id);
    });
  }

  test('on a phone too, where every band is taller than its estimate', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const id of ['roadmap', 'blog', 'vision']) {
      // Each a landing of its own (not a change of hash on the page already open).
      await page.goto('about:blank');
      await page.goto(`${sharedSiteUrl()}/#${id}`);
      await expectInViewport(page, id);
    }
  });

  test('the hero link to the vision scrolls there', async ({ page }) => {
    await page.goto(`${sharedSiteUrl()}/`);
    await expect(page.locator('section#vision h2')).not.toBeInViewport();
    await page.getByRole('link', { name: 'Explore Our Vision' }).click();
    await expect(page).toHaveURL(/#vision$/);
    await expectInViewport(page, 'vision');
  });

  test('the teaser and its chips lead to the blog; Join Community opens the chat in a new tab', async ({
    page,
  }) => {
    await page.goto(`${sharedSiteUrl()}/#blog`);
    const teaser = page.locator('section#blog');
    await expect(teaser.getByRole('link', { name: /Market Analysis/ }).first()).toBeVisible();
    const chips = teaser.getByRole('navigation', { name: 'Browse by category' }).getByRole('link');
    await expect(chips).toHaveText([
      'AI Agents',
      'Market Analysis',
      'Tutorial',
      'Technology',
      'Case Study',
      'Business Strategy',
    ]);
    const community = page.locator('section#roadmap').getByRole('link', { name: /Join Community/ });
    await expect(community).toHaveAttribute('href', 'https://discord.gg/agentora');
    await expect(community).toHaveAttribute('target', '_blank');
    await chips.first().click();
    await expect(page).toHaveURL(`${sharedSiteUrl()}/blog`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/Blog/);
  });
});

test.describe('responsive roadmap', () => {
  test('phone (390px): stacked cards, no timeline', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${sharedSiteUrl()}/#roadmap`);
    const roadmap = page.locator('section#roadmap');
    await expect(roadmap.getByTestId('roadmap-cards')).toBeVisible();
    await expect(roadmap.getByTestId('roadmap-timeline')).toBeHidden();
    const cards = roadmap.getByTestId('roadmap-cards').locator(':scope > li');
    await expect(cards).toHaveCount(4);
    // One column: every card starts at the same x.
    const lefts = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size).toBe(1);
    await expect(cards.first().getByText('In Progress')).toHaveCSS('color', 'rgb(74, 222, 128)');
    await roadmap.screenshot({ path: '/tmp/content-roadmap-390.png' });
  });

  test('desktop (1280px): one horizontal timeline, no cards', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${sharedSiteUrl()}/#roadmap`);
    const roadmap = page.locator('section#roadmap');
    await expect(roadmap.getByTestId('roadmap-timeline')).toBeVisible();
    await expect(roadmap.getByTestId('roadmap-cards')).toBeHidden();
    const stops = roadmap.getByTestId('roadmap-timeline').locator(':scope > li');
    await expect(stops).toHaveCount(4);
    // One row: every quarter starts at the same y, left to right.
    const boxes = await stops.evaluateAll((items) =>
      items
        .map((item) => item.getBoundingClientRect())
        .map((box) => ({ top: Math.round(box.top), left: box.left })),
    );
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    expect(boxes.map((box) => box.left)).toEqual(
      [...boxes.map((box) => box.left)].sort((a, b) => a - b),
    );
    await expect(stops.first().getByText('In Progress')).toHaveCSS('color', 'rgb(74, 222, 128)');
    await expect(stops.nth(1).getByText('Planned')).not.toHaveCSS('color', 'rgb(74, 222, 128)');
    await roadmap.screenshot({ path: '/tmp/content-roadmap-1280.png' });
  });
});
