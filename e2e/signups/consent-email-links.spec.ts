import { expect, test } from '@playwright/test';
import {
  clickMailLink,
  expireToken,
  LINK_NOT_VALID,
  mailsTo,
  tokenIn,
} from '@agentora/e2e-support/consent';
import { scrollThroughPage, sharedSiteUrl } from '@agentora/e2e-support/site';
import {
  earlyAccessForm,
  earlyAccessSection,
  footerNewsletterForm,
  sharedBackendSettings,
  signUpCall,
  signupRows,
  uniqueEmail,
  footerNewsletterToast,
  outboxMailTo,
} from '@agentora/e2e-support/signups';
import { wcagViolations } from '@agentora/e2e-support/axe';

// Confirmation and unsubscribing end to end: the form on the site, the mail in the local outbox, its
// links clicked in Chromium, and mail providers' one-click POSTs made without a browser.

async function signUpPage(page: import('@playwright/test').Page) {
  await page.goto(`${sharedSiteUrl()}/`);
  await scrollThroughPage(page);
}

async function signUpForEarlyAccess(page: import('@playwright/test').Page, email: string) {
  await signUpPage(page);
  const form = earlyAccessForm(page);
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(earlyAccessSection(page).getByRole('status')).toHaveText(
    "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.",
  );
}

test('sign up, open the mail, click "Confirm your email", press the button: the sign-up is confirmed', async ({
  page,
}) => {
  const email = uniqueEmail('ada', 'confirm');
  await signUpForEarlyAccess(page, email);
  const [mail] = await mailsTo(email);
  expect(mail.subject).toBe("You're on the Agentora early access list");
  expect(
    (await signupRows<{ confirmed_at: string | null }>('early_access_signups', email))[0]
      .confirmed_at,
  ).toBeNull();

  await clickMailLink(page, mail, 'Confirm your email');
  await expect(page).toHaveURL(
    `${sharedSiteUrl()}/email/confirm?token=${tokenIn(mail.text, '/email/confirm')}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // Opening the link confirmed nothing: a mail scanner's visit must not count as consent.
  const confirmButton = page.getByRole('button', { name: 'Confirm my email' });
  await expect(confirmButton).toBeVisible();
  expect(
    (await signupRows<{ confirmed_at: string | null }>('early_access_signups', email))[0]
      .confirmed_at,
  ).toBeNull();
  expect(await wcagViolations(page)).toEqual([]);

  await confirmButton.click();
  const status = page.getByRole('main').getByRole('status');
  // With the confirmed sign-up's place in line (docs/growth.md).
  await expect(status).toHaveText(
    /^Thank you, your email address is confirmed\. You're #[\d,]+ (of the first 1,000|in line) on the early access list\.$/,
  );
  await expect(confirmButton).toBeHidden();
  const [row] = await signupRows<{ confirmed_at: string | null }>('early_access_signups', email);
  expect(Date.parse(row.confirmed_at ?? '')).toBeGreaterThan(Date.now() - 120_000);
  expect(await wcagViolations(page)).toEqual([]);

  // The link is used: pressing again after a reload gets the neutral answer.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(LINK_NOT_VALID);
});

test('signing up again while unconfirmed sends a fresh confirmation that works; once confirmed, nothing more', async ({
  page,
}) => {
  const email = uniqueEmail('bob', 'again');
  await signUpForEarlyAccess(page, email);
  const [first] = await mailsTo(email, 1);
  const duplicate = async () => {
    const form = earlyAccessForm(page);
    await form.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Join Early Access' }).click();
    await expect(earlyAccessSection(page).getByRole('alert')).toHaveText(
      'You have already signed up for early access with this email address.',
    );
  };
  // The same answer as for a member; the mailbox gets a fresh confirmation with a link of its own.
  await duplicate();
  const [fresh] = (await outboxMailTo(email)).filter((mail) => mail.id !== first.id);
  expect(fresh.subject).toBe(first.subject);
  expect(tokenIn(fresh.text, '/email/confirm')).not.toBe(tokenIn(first.text, '/email/confirm'));
  await clickMailLink(page, fresh, 'Confirm your email');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  const [row] = await signupRows<{ confirmed_at: string | null }>('early_access_signups', email);
  expect(row.confirmed_at).not.toBeNull();
  // The confirmation's own mail: the place in line (docs/growth.md).
  const placeMail = (await mailsTo(email, 3))[2];
  expect(placeMail.subject).toMatch(/^You're #[\d,]+ .* on the Agentora early access list$/);

  // Confirmed: the form again, and a sign-up call made without it, send nothing.
  await signUpPage(page);
  await duplicate();
  const again = await signUpCall({
    list: 'early_access',
    fields: { email },
  });
  expect(again.status).toBe(409);
  expect(await again.json()).toMatchObject({ error: 'duplicate' });
  expect(await outboxMailTo(email)).toHaveLength(3);
});

test('one-click unsubscribe: a plain POST to the List-Unsubscribe URL, without browser or key, deletes the sign-up', async ({
  page,
}) => {
  const email = uniqueEmail('cleo', 'oneclick');
  await page.goto(`${sharedSiteUrl()}/about`);
  await scrollThroughPage(page);
  const footer = footerNewsletterForm(page);
  await footer.getByRole('textbox', { name: 'Email address for the newsletter' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  const [mail] = await mailsTo(email);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const target = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  expect(target).toMatch(/\/functions\/v1\/unsubscribe\?token=[\w-]{43}$/);
  expect(await signupRows('newsletter_subscriptions', email)).toHaveLength(1);

  // What a mailbox provider sends (RFC 8058): no cookie, no API key, no Origin.
  const response = await fetch(target as string, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ success: true, list: 'newsletter' });
  expect(await signupRows('newsletter_subscriptions', email)).toEqual([]);

  // Signing up again within 30 days gets the answer a subscriber gets, and no mail.
  await footer.getByRole('textbox', { name: 'Email address for the newsletter' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footerNewsletterToast(page, 'alert')).toHaveText(
    'You are already subscribed to our newsletter.',
  );
  expect(await signupRows('newsletter_subscriptions', email)).toEqual([]);
  // Once the queue has sent everything due, still the one mail: the second try queued none.
  expect(await outboxMailTo(email)).toHaveLength(1);
});

test('the unsubscribe link of a mail opens a page that asks, then unsubscribes', async ({
  page,
}) => {
  const email = uniqueEmail('dana', 'unsubpage');
  await signUpForEarlyAccess(page, email);
  const [mail] = await mailsTo(email);
  await clickMailLink(page, mail, 'Unsubscribe');
  await expect(page).toHaveURL(/\/email\/unsubscribe\?token=[\w-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  expect(await signupRows('early_access_signups', email)).toHaveLength(1);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    "Done: you're unsubscribed from the early access list. We deleted your sign-up and won't email you from it again.",
  );
  expect(await signupRows('early_access_signups', email)).toEqual([]);
  expect(await wcagViolations(page)).toEqual([]);
});

test('expired, reused and made-up tokens all get the same neutral answer, on the page and from the functions', async ({
  page,
}) => {
  const used = uniqueEmail('erin', 'used');
  const expired = uniqueEmail('finn', 'expired');
  for (const email of [used, expired]) await signUpForEarlyAccess(page, email);
  const usedToken = tokenIn((await mailsTo(used))[0].text, '/email/confirm');
  const expiredMail = (await mailsTo(expired))[0];
  const expiredToken = tokenIn(expiredMail.text, '/email/confirm');
  const { url } = sharedBackendSettings();
  const publishableKey = process.env.E2E_SUPABASE_PUBLISHABLE_KEY ?? '';
  const confirm = (token: string) =>
    fetch(`${url}/functions/v1/confirm-email`, {
      method: 'POST',
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${publishableKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ token }),
    });
  expect((await confirm(usedToken)).status).toBe(200);
  await expireToken(expiredToken);
  const madeUp = 'Z'.repeat(43);

  const answers = await Promise.all(
    [usedToken, expiredToken, madeUp].map(async (token) => {
      const response = await confirm(token);
      return `${response.status} ${await response.text()}`;
    }),
  );
  expect(new Set(answers).size).toBe(1);
  expect(answers[0]).toBe('400 {"success":false,"error":"link_not_valid"}');
  const unsubscribeAnswers = await Promise.all(
    [expiredToken, madeUp].map(async (token) => {
      const response = await fetch(`${url}/functions/v1/unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      return `${response.status} ${await response.text()}`;
    }),
  );
  expect(unsubscribeAnswers).toEqual([answers[0], answers[0]]);

  const shown: string[] = [];
  for (const token of [usedToken, expiredToken, madeUp]) {
    await page.goto(`${sharedSiteUrl()}/email/confirm?token=${token}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toBeVisible();
    shown.push((await page.getByRole('main').innerText()).trim());
  }
  expect(new Set(shown).size).toBe(1);
  expect(shown[0]).toContain(LINK_NOT_VALID);
  // The expired sign-up is still unconfirmed.
  expect(
    (await signupRows<{ confirmed_at: string | null }>('early_access_signups', expired))[0]
      .confirmed_at,
  ).toBeNull();
});
