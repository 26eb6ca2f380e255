import { expect, test } from '@playwright/test';
import { sharedSiteUrl } from '../support/site';

test('blog search narrows the list; an article opens and Back to Blog returns with the filters kept', async ({
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
  await main.getByRole('combobox', { name: 'Category' }).selectOption('Technology');
  await expect(cardTitles).toHaveText(['Inside the Shared Global Compute Pool']);

  await main.getByRole('button', { name: 'Inside the Shared Global Compute Pool' }).click();
  const title = main.getByRole('heading', {
    level: 1,
    name: 'Inside the Shared Global Compute Pool',
  });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  await expect(main.getByRole('heading', { level: 2, name: 'How pooling works' })).toBeVisible();
  await expect(main.getByRole('img', { name: /processor chips/ })).toBeVisible();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/blog`);

  await main.getByRole('button', { name: 'Back to Blog' }).click();
  await expect(main.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('compute');
  await expect(main.getByRole('combobox', { name: 'Category' })).toHaveValue('Technology');
  await expect(cardTitles).toHaveText(['Inside the Shared Global Compute Pool']);
  await expect(
    main.getByRole('button', { name: 'Inside the Shared Global Compute Pool' }),
  ).toBeFocused();

  await main.getByRole('searchbox', { name: 'Search articles' }).fill('no such thing');
  await expect(main.getByText('No articles found matching your criteria.')).toBeVisible();
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

  const opener = main.getByRole('button', { name: 'Inside the Shared Global Compute Pool' });
  await opener.hover();
  await expect.poll(() => laterScripts.length).toBeGreaterThan(0);
  await opener.click();
  await expect(main.getByRole('heading', { level: 2, name: 'How pooling works' })).toBeVisible();
});
