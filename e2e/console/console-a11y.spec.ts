import { expect, test } from '@playwright/test';
import { wcagViolations } from '@agentora/e2e-support/axe';
import { applyWithoutBrowser, newApplicant, pdfBytes } from '@agentora/e2e-support/careers';
import { signInToConsole, staffCommand } from '@agentora/e2e-support/console';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { uniqueEmail } from '@agentora/e2e-support/signups';

test('the console has no WCAG A/AA violations: sign-in, the overview, sources, referrals, bounces, the Resend audience, a list, an application', async ({
  page,
}) => {
  const siteUrl = sharedSiteUrl();
  await page.goto(`${siteUrl}/console`);
  await expect(page.getByRole('form', { name: 'Sign in to the console' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  const staff = uniqueEmail('staff', 'console-a11y');
  await staffCommand('add', staff);
  const applicant = newApplicant('console-a11y');
  await applyWithoutBrowser(applicant, {
    name: 'cv.pdf',
    type: 'application/pdf',
    bytes: pdfBytes(),
  });
  await signInToConsole(page, siteUrl, staff);

  await expect(page.getByRole('img', { name: 'Sign-ups per day by form' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  const views = page.getByRole('navigation', { name: 'Console' });
  await views.getByRole('link', { name: 'Sources' }).click();
  await expect(
    page.getByRole('table', { name: 'Visits, sign-ups and conversion per source' }),
  ).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await views.getByRole('link', { name: 'Referrals' }).click();
  await expect(
    page
      .getByRole('table', { name: /^Referral codes/ })
      .or(page.getByRole('status').filter({ hasText: 'No referrals match these filters.' })),
  ).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await views.getByRole('link', { name: 'Bounces' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Addresses that bounced or marked our mail as spam' })
      .or(page.getByRole('status').filter({ hasText: 'No address has bounced or complained.' })),
  ).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await views.getByRole('link', { name: 'Resend audience' }).click();
  await expect(page.getByRole('table', { name: "Each list's segment in Resend" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Applications' })
    .click();
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await page.goto(`${siteUrl}/console?view=applications&q=${encodeURIComponent(applicant.email)}`);
  await page.getByRole('link', { name: `${applicant.firstName} ${applicant.lastName}` }).click();
  await expect(page.getByRole('form', { name: 'Change status' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
