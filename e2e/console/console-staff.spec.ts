import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { applyWithoutBrowser, newApplicant, pdfBytes } from '@agentora/e2e-support/careers';
import {
  latestSignInCode,
  signInMailIds,
  signInToConsole,
  staffCommand,
} from '@agentora/e2e-support/console';
import { PATHS } from '@agentora/data/paths';
import { collectPageErrors, sharedSiteUrl } from '@agentora/e2e-support/site';
import { signUpWithoutBrowser, uniqueEmail } from '@agentora/e2e-support/signups';

// The team's console as staff use it: sign in with the code from the outbox, find a sign-up, export
// it, open an application with its résumé and move it on. The rows are made through the API exactly as
// the site's forms send them (the forms have their own suites).

const HOSTILE_NAME = '=HYPERLINK("https://evil.example","x")';

async function joinWaitlist(email: string, firstName: string) {
  await signUpWithoutBrowser({
    list: 'waitlist',
    fields: { first_name: firstName, last_name: 'Tester', email, company: 'Acme' },
  });
}

test('staff sign in with a mailed code, find and export a sign-up, and work an application', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const staff = uniqueEmail('staff', 'console');
  expect(await staffCommand('add', staff)).toContain(staff);

  const signup = uniqueEmail('wanda', 'console');
  await joinWaitlist(signup, HOSTILE_NAME);
  const applicant = newApplicant('console');
  await applyWithoutBrowser(applicant, {
    name: 'ada-cv.pdf',
    type: 'application/pdf',
    bytes: pdfBytes(),
  });

  const siteUrl = sharedSiteUrl();
  await signInToConsole(page, siteUrl, staff);
  await expect(page.getByText(`Signed in as ${staff}`)).toBeVisible();

  // A reload keeps the session.
  await page.reload();
  await expect(page.getByText(`Signed in as ${staff}`)).toBeVisible();

  // Find the sign-up just made.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Waitlist' })
    .click();
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('Search').fill(signup);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/view=waitlist&q=/);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(page.getByRole('cell', { name: signup, exact: true })).toBeVisible();

  // Export it: every matching row, and the formula neutralised.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^agentora-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(signup);
  expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);

  // The application: every field, its résumé, a status change.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Applications' })
    .click();
  await filters.getByLabel('Search').fill(applicant.email);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('link', { name: `${applicant.firstName} ${applicant.lastName}` }).click();
  await expect(
    page.getByRole('heading', { name: `${applicant.firstName} ${applicant.lastName}` }),
  ).toBeVisible();
  await expect(page.getByText(applicant.whyJoin)).toBeVisible();

  const [resume] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download résumé (ada-cv.pdf)' }).click(),
  ]);
  expect(resume.suggestedFilename()).toBe('ada-cv.pdf');
  expect(fs.readFileSync(await resume.path())).toEqual(pdfBytes());

  const status = page.getByRole('form', { name: 'Change status' });
  await status.getByLabel('New status').selectOption('reviewing');
  await status.getByLabel(/Note/).fill('Strong first read');
  await status.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText(/pending → reviewing by /)).toBeVisible();
  await expect(page.getByText('Strong first read')).toBeVisible();
  // It stays changed.
  await page.reload();
  await expect(page.getByText('Status: reviewing')).toBeVisible();

  expect(errors).toEqual([]);
});

test('a bounce Resend reports stops the mail to that address, and staff see why', async ({
  page,
}) => {
  // Resend's own test address: the local server's Resend posts it a signed email.bounced, as Resend
  // would, to the backend's resend-webhook (docs/mail-queue.md, "The Resend stand-in").
  const label = uniqueEmail('bounce', 'console')
    .split('@')[0]
    .replace(/[^a-z0-9-]/gi, '-');
  const bounced = `bounced+${label}@resend.dev`;
  // The sign-up queues its mail (to Resend's bounce address) itself.
  await joinWaitlist(bounced, 'Bea');

  const staff = uniqueEmail('staff', 'console-bounce');
  await staffCommand('add', staff);
  await signInToConsole(page, sharedSiteUrl(), staff);
  const views = page.getByRole('navigation', { name: 'Console' });
  await views.getByRole('link', { name: 'Bounces' }).click();
  const table = page.getByRole('table', {
    name: 'Addresses that bounced or marked our mail as spam',
  });
  // The bounce arrives a moment after the mail is sent; the view is read again until it shows.
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('cell', { name: bounced, exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  // The sign-up whose mail bounced says so.
  await views.getByRole('link', { name: 'Waitlist' }).click();
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('Search').fill(bounced);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('cell', { name: 'Bounced', exact: true })).toBeVisible();
});

test('an address that is not staff is told what staff are told, gets no code, and sees nothing', async ({
  page,
}) => {
  const outsider = uniqueEmail('outsider', 'console');
  const staff = uniqueEmail('insider', 'console');
  expect(await staffCommand('add', staff)).toContain(staff);
  const askForCode = async (email: string) => {
    await page.goto(`${sharedSiteUrl()}${PATHS.console}`);
    const form = page.getByRole('form', { name: 'Sign in to the console' });
    await form.getByLabel('Work email').fill(email);
    await form.getByRole('button', { name: 'Email me a code' }).click();
    await expect(
      page.getByText(`We emailed a sign-in code to ${email} if it is on the staff list.`),
    ).toBeVisible();
  };
  await askForCode(outsider);
  // The same request for a staff address, after it: once its code has arrived, the outsider's
  // request has long been answered, and it mailed nothing.
  await askForCode(staff);
  await latestSignInCode(staff);
  expect(await signInMailIds(outsider)).toEqual([]);
  // A code made up for the outsider gets nothing either.
  await page.goto(`${sharedSiteUrl()}${PATHS.console}`);
  const form = page.getByRole('form', { name: 'Sign in to the console' });
  await form.getByLabel('Work email').fill(outsider);
  await form.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code').fill('0123456789');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('That code is wrong or has expired.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
});
