import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { scrollThroughPage, sharedSiteUrl } from '../support/site';
import {
  earlyAccessForm,
  footerNewsletterForm,
  homeNewsletterForm,
  waitlistForm,
} from '../support/signups';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe violations inside the signups remote's parts only: the rest of the page belongs to other teams. */
async function violations(page: Page, selectors: string[]) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  for (const selector of selectors) builder = builder.include(selector);
  const { violations: found } = await builder.analyze();
  return found.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('the waitlist page has no WCAG A/AA violations, empty and with every error shown', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/coming-soon`);
  const form = waitlistForm(page);
  await expect(form).toBeVisible();
  expect(await violations(page, ['main'])).toEqual([]);

  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect(await violations(page, ['main'])).toEqual([]);
});

test('the home sections and the footer form have no WCAG A/AA violations, empty and with errors shown', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/`);
  await scrollThroughPage(page);
  await expect(earlyAccessForm(page)).toBeVisible();
  await expect(homeNewsletterForm(page)).toBeVisible();
  await expect(footerNewsletterForm(page)).toBeVisible();
  const parts = ['#early-access', '#newsletter', 'footer form'];
  expect(await violations(page, parts)).toEqual([]);

  await earlyAccessForm(page).getByRole('button', { name: 'Join Early Access' }).click();
  await homeNewsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('#early-access').getByRole('alert')).toBeVisible();
  await expect(page.locator('#newsletter').getByRole('alert')).toBeVisible();
  expect(await violations(page, parts)).toEqual([]);
});
