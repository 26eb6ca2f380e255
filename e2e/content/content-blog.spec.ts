import { expect, test } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

test('blog search narrows the list; an article opens at its address and Back to Blog returns with the filters kept', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/blog`);
  const main = page.getByRole('main');
  const cardTitles = main.locator('[data-post-id] h3');
  await expect(cardTitles).toHaveCount(5);

  await main.getByRole('searchbox', { name: 'Search articles' }).fill('compute');
  await expect(cardTitles).toHaveText([
    'The AI Agent Economy in 2026: A Market Analysis',
    'Inside the Shared Global Compute Pool',
  ]);
  // Filtering rewrites the address and leaves the page where the reader is.
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const scrolled = await page.evaluate(() => window.scrollY);
  await main.getByRole('combobox', { name: 'Category' }).selectOption('Technology');
  await expect(cardTitles).toHaveText(['Inside the Shared Global Compute Pool']);
  await expect(page).toHaveURL(`${sharedSiteUrl()}/blog?search=compute&category=Technology`);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  await main.getByRole('link', { name: 'Inside the Shared Global Compute Pool' }).click();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/blog/inside-the-shared-global-compute-pool`);
  const title = main.getByRole('heading', {
    level: 1,
    name: 'Inside the Shared Global Compute Pool',
  });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  await expect(page).toHaveTitle('Inside the Shared Global Compute Pool | Agentora Blog');
  await expect(main.getByRole('heading', { level: 2, name: 'How pooling works' })).toBeVisible();
  await expect(main.getByRole('img', { name: /processor chips/ })).toBeVisible();

  // A reload keeps the way back: the HTML's link is adopted, then points at the filtered list.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.reload();
  await main.hover();
  await expect(main.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute(
    'href',
    '/blog?search=compute&category=Technology',
  );
  await expect(title).not.toBeFocused();
  expect(errors).toEqual([]);

  await main.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/blog?search=compute&category=Technology`);
  await expect(main.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('compute');
  await expect(main.getByRole('combobox', { name: 'Category' })).toHaveValue('Technology');
  await expect(cardTitles).toHaveText(['Inside the Shared Global Compute Pool']);
  await expect(
    main.getByRole('link', { name: 'Inside the Shared Global Compute Pool' }),
  ).toBeFocused();

  // The browser's Back returns to the article, and Back again to the filtered list.
  await page.goBack();
  await expect(title).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/blog?search=compute&category=Technology`);
  await expect(cardTitles).toHaveText(['Inside the Shared Global Compute Pool']);

  await main.getByRole('searchbox', { name: 'Search articles' }).fill('no such thing');
  await expect(main.getByText('No articles found matching your criteria.')).toBeVisible();
});

test('a filtered list address opened afresh shows the list filtered', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${sharedSiteUrl()}/blog?category=Tutorial`);
  const main = page.getByRole('main');
  await expect(main.getByRole('combobox', { name: 'Category' })).toHaveValue('Tutorial');
  await expect(main.locator('[data-post-id] h3')).toHaveText([
    'Deploying Your First AI Agent: From Search to One-Click Run',
  ]);
  expect(errors).toEqual([]);
});

test('the list loads without the article renderer, which comes when a reader points at a title', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/blog`);
  const main = page.getByRole('main');
  await expect(main.locator('[data-post-id] h3')).toHaveCount(5);
  await page.waitForLoadState('networkidle');
  const config = (await (
    await page.request.get(`${sharedSiteUrl()}/runtime-config.json`)
  ).json()) as { remotes: { content: string } };
  const contentOrigin = new URL(config.remotes.content).origin;
  const laterScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(contentOrigin))
      laterScripts.push(request.url());
  });

  const opener = main.getByRole('link', { name: 'Inside the Shared Global Compute Pool' });
  await opener.hover();
  await expect.poll(() => laterScripts.length).toBeGreaterThan(0);
  await opener.click();
  await expect(main.getByRole('heading', { level: 2, name: 'How pooling works' })).toBeVisible();
});
