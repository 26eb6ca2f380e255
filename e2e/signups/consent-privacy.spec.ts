import { expect, test, type Page } from '@playwright/test';
import { clickMailLink, mailsTo, tokenIn } from '@agentora/e2e-support/consent';
import {
  applicationsFor,
  applyWithoutBrowser,
  newApplicant,
  pdfBytes,
  signedResumeUrl,
} from '@agentora/e2e-support/careers';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { signUpWithoutBrowser, signupRows } from '@agentora/e2e-support/signups';
import { wcagViolations } from '@agentora/e2e-support/axe';
import { outboxMailTo } from '@agentora/e2e-support/outbox';

// Erasure and copies end to end: the privacy page asks for a link, the link arrives in the outbox, is
// clicked in Chromium, and the page deletes every record of the address (and its résumé) or shows them.

const SENT =
  "Thanks. If we hold anything for this address, we've sent it a link. Open it within 1 hour to continue.";

/** Sign-ups to all three lists (two of them in other spellings of the mailbox), without a browser. */
async function signUpEverywhere(email: string): Promise<void> {
  await signUpWithoutBrowser({ list: 'early_access', fields: { email } });
  await signUpWithoutBrowser({
    list: 'newsletter',
    fields: { email: email.replace('@', '+news@') },
  });
  await signUpWithoutBrowser({
    list: 'waitlist',
    fields: {
      email: email.toUpperCase(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Engines',
    },
  });
}

/** An application with a résumé, sent as the careers form sends it (no careers page needed). */
async function apply(email: string, resume: Buffer): Promise<void> {
  await applyWithoutBrowser(
    { ...newApplicant('privacy'), email },
    { name: 'ada-cv.pdf', type: 'application/pdf', bytes: resume },
  );
}

async function requestLink(page: Page, email: string, choice: RegExp): Promise<void> {
  await page.goto(`${sharedSiteUrl()}/privacy/erase`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Delete or copy your data' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('radio', { name: choice }).check();
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(SENT);
}

async function recordCounts(email: string) {
  return {
    early_access: (await signupRows('early_access_signups', email)).length,
    newsletter: (await signupRows('newsletter_subscriptions', email.replace('@', '+news@'))).length,
    waitlist: (await signupRows('waitlist_signups', email)).length,
    applications: (await applicationsFor(email)).length,
  };
}

test('erasure removes every row and the résumé of an address, and nothing of anyone else', async ({
  page,
}) => {
  test.slow();
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const ada = `ada.erase${stamp}@example.com`;
  const bob = `bob.keep${stamp}@example.com`;
  for (const email of [ada, bob]) {
    await signUpEverywhere(email);
    await apply(email, pdfBytes(4096));
  }
  const adaResume = (await applicationsFor(ada))[0].resume_path as string;
  const bobResume = (await applicationsFor(bob))[0].resume_path as string;
  const everything = { early_access: 1, newsletter: 1, waitlist: 1, applications: 1 };
  expect(await recordCounts(ada)).toEqual(everything);

  await requestLink(page, ada, /Delete everything/);
  expect(await wcagViolations(page)).toEqual([]);
  const mails = await mailsTo(ada, 2);
  const link = mails.find((mail) => mail.subject === 'Delete your Agentora data');
  expect(link).toBeDefined();
  await clickMailLink(page, link!, 'Review and delete');
  await expect(page).toHaveURL(/\/privacy\/erase\?action=erase&token=[\w-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your data' })).toBeVisible();
  expect(await recordCounts(ada)).toEqual(everything);

  await page.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Done. We deleted every record we held for this address.',
  );
  await expect(
    page.getByRole('list', { name: 'Deleted records' }).getByRole('listitem'),
  ).toHaveText([
    '1 early access sign-up',
    '1 newsletter subscription',
    '1 waitlist sign-up',
    '1 job application',
    '1 résumé',
  ]);
  expect(await wcagViolations(page)).toEqual([]);

  expect(await recordCounts(ada)).toEqual({
    early_access: 0,
    newsletter: 0,
    waitlist: 0,
    applications: 0,
  });
  await expect(signedResumeUrl(adaResume)).rejects.toThrow();
  expect(await recordCounts(bob)).toEqual(everything);
  expect((await fetch(await signedResumeUrl(bobResume))).status).toBe(200);

  // The link worked once.
  await page.reload();
  await page.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    "This link can't be used. It may have been used already, or it has expired.",
  );
});

test('a copy shows every record of the address, and the résumé downloads', async ({ page }) => {
  const cora = `cora.copy${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const resume = pdfBytes(3000);
  await signUpEverywhere(cora);
  await apply(cora, resume);

  await requestLink(page, cora.toUpperCase(), /Send me a copy/);
  const link = (await mailsTo(cora, 2)).find(
    (mail) => mail.subject === 'Your copy of your Agentora data',
  );
  expect(link?.text).toContain(
    `/privacy/erase?action=copy&token=${tokenIn(link?.text ?? '', '/privacy/erase')}`,
  );
  await clickMailLink(page, link!, 'See my data');
  await page.getByRole('button', { name: 'Show my data' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('status')).toHaveText(
    'Here is every record we hold for this address.',
  );
  await expect(main.getByRole('region', { name: 'Early access sign-ups' })).toContainText(cora);
  await expect(main.getByRole('region', { name: 'Newsletter subscriptions' })).toContainText(
    cora.replace('@', '+news@'),
  );
  await expect(main.getByRole('region', { name: 'Waitlist sign-ups' })).toContainText('Engines');
  const applications = main.getByRole('region', { name: 'Job applications' });
  await expect(applications).toContainText('I want to help build the marketplace for AI agents.');
  expect(await wcagViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await applications.getByRole('link', { name: 'Download ada-cv.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ada-cv.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(resume)).toBe(true);

  const file = page.waitForEvent('download');
  await main.getByRole('link', { name: 'Save all as a file (JSON)' }).click();
  expect((await file).suggestedFilename()).toBe('agentora-data.json');
  // Nothing was deleted by a copy.
  expect(await signupRows('early_access_signups', cora)).toHaveLength(1);
});

test('asking for an address we do not know looks exactly the same, and mails nothing', async ({
  page,
}) => {
  const stranger = `nobody.${Date.now()}@example.com`;
  await requestLink(page, stranger, /Delete everything/);
  // The function has answered (a link would have been queued with its answer) and the queue has
  // sent everything due: a mail missing now was never queued.
  expect(await outboxMailTo(stranger)).toEqual([]);
});
