import { expect, test } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

test('case-study and tutorial filters combine live and show their empty messages', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/case-studies`);
  let main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Industry' }).selectOption('Finance');
  await expect(main.locator('[data-case-study] h3')).toHaveText(['LedgerLine Capital']);
  await main.getByRole('searchbox', { name: 'Search case studies' }).fill('clinic');
  await expect(main.getByText('No case studies found matching your criteria.')).toBeVisible();

  await page.goto(`${sharedSiteUrl()}/tutorials`);
  main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Level' }).selectOption('Beginner');
  await main.getByRole('combobox', { name: 'Category' }).selectOption('No-Code');
  await expect(main.locator('[data-tutorial] h4')).toHaveText(['No-Code Agent Workflows']);
  await main.getByRole('searchbox', { name: 'Search tutorials' }).fill('python');
  await expect(main.getByText('No tutorials found matching your criteria.')).toBeVisible();
});
