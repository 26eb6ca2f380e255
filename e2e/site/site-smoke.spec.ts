import { expect, test } from '@playwright/test';
import { PATHS } from '@agentora/data';
import {
  collectPageErrors,
  expectSiteFrame,
  scrollThroughPage,
  sharedSiteUrl,
} from '@agentora/e2e-support/site';
import {
  footerNewsletterForm,
  footerNewsletterToast,
  uniqueEmail,
} from '@agentora/e2e-support/signups';

// The whole site after any app's change, short: each remote's page through the shell's navigation,
// and one sign-up through the backend. Each owner's suite tests its area in depth.
test('one page of each remote, reached through the site, and a sign-up that lands', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto(sharedSiteUrl() + PATHS.home);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'The Future of AI Agent Commerce' }),
  ).toBeVisible();
  await expectSiteFrame(page);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Careers at Agentora' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Submit Application' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click();
  await expect(
    main.getByRole('heading', { level: 1, name: 'Join the AI Revolution' }),
  ).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click();
  await main.getByRole('link', { name: 'Inside the Shared Global Compute Pool' }).click();
  await expect(
    main.getByRole('heading', { level: 1, name: 'Inside the Shared Global Compute Pool' }),
  ).toBeVisible();

  await scrollThroughPage(page);
  const form = footerNewsletterForm(page);
  await form
    .getByRole('textbox', { name: 'Email address for the newsletter' })
    .fill(uniqueEmail('smoke', 'footer'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footerNewsletterToast(page, 'status')).toHaveText(
    'Thanks for subscribing! Check your email for confirmation.',
  );
  expect(errors).toEqual([]);
});
