import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInToConsole, staffCommand } from '@agentora/e2e-support/console';
import { clickMailLink, mailsTo } from '@agentora/e2e-support/consent';
import {
  PERSON_USER_AGENT,
  placeIn,
  referralLinkIn,
  seedConfirmedWaitlist,
} from '@agentora/e2e-support/growth';
import { sharedBackendSettings } from '@agentora/e2e-support/backend';
import { collectPageErrors, sharedSiteUrl } from '@agentora/e2e-support/site';
import { fillWaitlist, signupRows, uniqueEmail, waitlistForm } from '@agentora/e2e-support/signups';

// The growth loop as people live it (docs/growth.md): a visitor from a campaign joins the waitlist and
// confirms from the outbox, sees a place and a referral link, a friend joins through that link and
// confirms, and the first visitor's place moves up; the team's console shows both sign-ups under their
// sources and the visits the pages counted. Both browse as a person's browser: headless Chromium's
// User-Agent is rightly a bot to the visit counter.

test.use({ userAgent: PERSON_USER_AGENT });

const JOINED = "Welcome to Agentora's waitlist! Check your email for confirmation and next steps.";

async function joinWaitlist(page: Page, email: string, firstName: string): Promise<void> {
  const form = waitlistForm(page);
  await fillWaitlist(form, { firstName, lastName: 'Tester', email, company: 'Acme' });
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('status')).toHaveText(JOINED);
}

/** Confirms from the thank-you mail in the outbox; resolves on the confirmation's place text. */
async function confirmFromMail(page: Page, email: string): Promise<string> {
  const [thankYou] = await mailsTo(email);
  await clickMailLink(page, thankYou, 'Confirm your email');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  const confirmed = page.getByRole('main').getByText(/You're #[\d,]+ (of the first|in line)/);
  await expect(confirmed).toBeVisible();
  return (await confirmed.textContent()) ?? '';
}

/** The cells of the row of `table` whose first cell is `name`. */
function rowOf(table: Locator, name: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name, exact: true }) })
    .getByRole('cell');
}

test('a campaign visitor gets a place and a link, a friend who joins through it moves them up, and the console shows the sources and visits', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const siteUrl = sharedSiteUrl();
  const source = `launch-post-${randomBytes(4).toString('hex')}`;
  // Room to move: a dozen confirmed members ahead of the first visitor.
  await seedConfirmedWaitlist(12);

  // The first visitor lands from the launch post and joins.
  const first = uniqueEmail('ada', 'growth');
  await page.goto(`${siteUrl}/coming-soon?utm_source=${source}`);
  await joinWaitlist(page, first, 'Ada');
  expect(await signupRows('waitlist_signups', first)).toEqual([
    expect.objectContaining({
      utm_source: source,
      landing_path: '/coming-soon',
      referred_by: null,
      confirmed_at: null,
    }),
  ]);

  // Confirming shows the place and the personal link.
  const placeBefore = placeIn(await confirmFromMail(page, first));
  expect(placeBefore).toBeGreaterThan(12);
  const linkField = page.getByLabel('Your referral link');
  const referralLink = await linkField.inputValue();
  expect(referralLink).toMatch(new RegExp(`^${siteUrl}/coming-soon\\?ref=[0-9a-f]{16}$`));
  await expect(linkField).toHaveAccessibleDescription(/moves you up 10 places/);

  // The mail after the confirmation says the same, with a link to see the place later.
  const placeMail = (await mailsTo(first, 2))[1];
  expect(placeMail.subject).toBe(
    `You're ${placeBefore <= 1000 ? `#${placeBefore} of the first 1,000` : `#${placeBefore} in line`} on the Agentora waitlist`,
  );
  expect(referralLinkIn(placeMail.text)).toBe(referralLink);

  // A friend opens the link in their own browser, joins and confirms.
  const friendContext = await browser.newContext({ userAgent: PERSON_USER_AGENT });
  const friendPage = await friendContext.newPage();
  const friend = uniqueEmail('grace', 'growth');
  await friendPage.goto(referralLink);
  await joinWaitlist(friendPage, friend, 'Grace');
  const [friendRow] = await signupRows<{ referred_by: string; utm_source: string }>(
    'waitlist_signups',
    friend,
  );
  expect(friendRow).toMatchObject({
    referred_by: referralLink.split('ref=')[1],
    utm_source: 'referral',
  });
  expect(placeIn(await confirmFromMail(friendPage, friend))).toBeGreaterThan(placeBefore);
  await friendContext.close();

  // The first visitor's place page, from the mail: ten places up.
  await clickMailLink(page, placeMail, 'your place page');
  await expect(page.getByRole('heading', { level: 1, name: 'Your place in line' })).toBeVisible();
  const placeNow = page.getByRole('main').getByText(/You're #[\d,]+ (of the first|in line)/);
  await expect(placeNow).toBeVisible();
  expect(placeIn((await placeNow.textContent()) ?? '')).toBeLessThanOrEqual(placeBefore - 10);
  expect(errors).toEqual([]);

  // The team's console: both sign-ups under their sources, and the pages counted.
  const staff = uniqueEmail('staff', 'growth');
  expect(await staffCommand('add', staff)).toContain(staff);
  const consolePage = await page.context().newPage();
  await signInToConsole(consolePage, siteUrl, staff);
  await consolePage
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Sources' })
    .click();
  const perSource = consolePage.getByRole('table', {
    name: 'Visits, sign-ups and conversion per source',
  });
  // Columns: source, page views, landings, sign-ups, confirmed, conversion. The beacons are sent when
  // each page is idle, so the view is reloaded until the last of them has been counted.
  await expect(async () => {
    await consolePage.reload();
    const campaign = rowOf(perSource, source);
    await expect(campaign.nth(2)).toHaveText('1', { timeout: 1000 });
    await expect(campaign.nth(3)).toHaveText('1', { timeout: 1000 });
    await expect(campaign.nth(4)).toHaveText('1', { timeout: 1000 });
    await expect(campaign.nth(5)).toHaveText('100%', { timeout: 1000 });
    // The landing and the confirmation page at least.
    expect(Number(await campaign.nth(1).textContent())).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 20_000 });
  // The friend's sign-up is under "referral", which counts every referral link of this run.
  expect(Number(await rowOf(perSource, 'referral').nth(3).textContent())).toBeGreaterThanOrEqual(1);

  // The same source filter on the waitlist finds the campaign's sign-up and nobody else.
  await consolePage
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Waitlist' })
    .click();
  const filters = consolePage.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('Source').fill(source);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(consolePage.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(consolePage.getByRole('cell', { name: first, exact: true })).toBeVisible();
});

test('a headless browser is a bot to the visit counter: its pages are not counted', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 HeadlessChrome/142.0.0.0' });
  const page = await context.newPage();
  const source = `bot-run-${randomBytes(4).toString('hex')}`;
  const counted: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/functions/v1/record-visit')) counted.push(response.status());
  });
  await page.goto(`${sharedSiteUrl()}/coming-soon?utm_source=${source}`);
  await expect.poll(() => counted.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  // The function answers a bot as it answers anyone, and records nothing: a person's page view is
  // stored before that answer is sent.
  expect(counted).toEqual([204]);
  const { url, serviceKey } = sharedBackendSettings();
  const stored = await fetch(`${url}/rest/v1/visit_counts?source=eq.${source}`, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
  });
  expect(await stored.json()).toEqual([]);
  await context.close();
});
