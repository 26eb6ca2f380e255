import { expect, test } from '@playwright/test';
import { scrollThroughPage, sharedBackendConfig, sharedSiteUrl } from '@agentora/e2e-support/site';
import {
  earlyAccessForm,
  earlyAccessSection,
  expectWaitlistValues,
  fillWaitlist,
  footerNewsletterForm,
  footerNewsletterToast,
  homeNewsletterForm,
  homeNewsletterSection,
  waitlistForm,
  type WaitlistEntry,
} from '@agentora/e2e-support/signups';
import { expectHydrated } from '@agentora/e2e-support/prerendered';

// The shared site, its backend down for this page alone: every request the page makes to the backend
// is refused at the connection, as a stopped server's are, while the other tests keep using it.
test('with the backend stopped every sign-up form shows its failure text and keeps what was typed', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/`);
  await scrollThroughPage(page);
  await expect(earlyAccessForm(page)).toBeVisible();
  // The bot check's script comes from Cloudflare, not from the backend: here it comes from the local
  // backend's stand-in, so the first touch of a form loads it before the backend goes down. The page
  // hydrates on a visitor's first touch; a focus before the form is hydrated is not the form's, so
  // it is given again once it is (on a busy machine the first one came before, and nothing loaded).
  const earlyInput = earlyAccessForm(page).getByRole('textbox', { name: 'Email address' });
  await earlyInput.focus();
  await expectHydrated(earlyInput);
  await earlyInput.blur();
  await earlyInput.focus();
  await page.waitForFunction(() => 'turnstile' in window);
  await page.route(`${sharedBackendConfig().url}/**`, (route) => route.abort('connectionrefused'));

  await earlyInput.fill('grace.down@example.com');
  await earlyAccessForm(page).getByRole('button', { name: 'Join Early Access' }).click();
  await expect(earlyAccessSection(page).getByRole('alert')).toHaveText(
    'Failed to sign up. Please try again or contact support.',
  );
  await expect(earlyInput).toHaveValue('grace.down@example.com');

  const homeInput = homeNewsletterForm(page).getByRole('textbox', { name: 'Email address' });
  await homeInput.fill('hedy.down@example.com');
  await homeNewsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(homeNewsletterSection(page).getByRole('alert')).toHaveText(
    'Failed to subscribe. Please try again.',
  );
  await expect(homeInput).toHaveValue('hedy.down@example.com');

  const footerInput = footerNewsletterForm(page).getByRole('textbox', {
    name: 'Email address for the newsletter',
  });
  await footerInput.fill('radia.down@example.com');
  await footerNewsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
  const toast = footerNewsletterToast(page, 'alert');
  await expect(toast).toHaveText('Failed to subscribe. Please try again.');
  await expect(footerInput).toHaveValue('radia.down@example.com');
  await expect(toast).toHaveCount(0, { timeout: 5000 });
  await expect(footerInput).toHaveValue('radia.down@example.com');

  await page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click();
  const form = waitlistForm(page);
  const entry: WaitlistEntry = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace.down@example.com',
    company: 'Compilers Inc',
    role: 'Engineer',
    companySize: '11-50',
    useCase: 'Typed with care; please keep it.',
    hearAbout: 'blog',
  };
  await fillWaitlist(form, entry);
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Failed to join waitlist. Please try again or contact support.',
  );
  await expect(form.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  await expectWaitlistValues(form, entry);
});
