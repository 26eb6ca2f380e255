import { expect, test } from '@playwright/test';
import { scrollThroughPage, sharedSiteUrl } from '@agentora/e2e-support/site';
import { wcagViolations } from '@agentora/e2e-support/axe';
import {
  earlyAccessForm,
  footerNewsletterForm,
  homeNewsletterForm,
  waitlistForm,
} from '@agentora/e2e-support/signups';

test('the waitlist page has no WCAG A/AA violations, empty and with every error shown', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/coming-soon`);
  const form = waitlistForm(page);
  await expect(form).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
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
  expect(await wcagViolations(page, parts)).toEqual([]);

  await earlyAccessForm(page).getByRole('button', { name: 'Join Early Access' }).click();
  await homeNewsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('#early-access').getByRole('alert')).toBeVisible();
  await expect(page.locator('#newsletter').getByRole('alert')).toBeVisible();
  expect(await wcagViolations(page, parts)).toEqual([]);
});
