import { expect, test } from '@playwright/test';
import { startPreviewSite, type PreviewSite } from '@agentora/preview';
import { testBackend } from '@agentora/e2e-support/backend';
import { portBlock } from '@agentora/e2e-support/ports';
import { scrollThroughPage, sharedBackendConfig } from '@agentora/e2e-support/site';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';
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
import { servedApps } from '@agentora/e2e-support/owners';
import { expectHydrated } from '@agentora/e2e-support/prerendered';

// A site and a backend of this suite's own (the signups block, 4510-4599), so stopping the backend
// cannot disturb other tests.
const SITE_PORTS = portBlock(4510);
const BACKEND_PORT = 4519;

// Starting a site of its own (its hosts, the prerender) takes part of a test's time on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('with the backend stopped every sign-up form shows its failure text and keeps what was typed', async ({
  page,
}) => {
  const backend = await testBackend(BACKEND_PORT);
  let backendRunning = true;
  let site: PreviewSite | undefined;
  try {
    site = await startPreviewSite({
      workspaceRoot: WORKSPACE_ROOT,
      ports: SITE_PORTS,
      supabase: backend.publicConfig,
      apps: servedApps(),
      // Its CSP reports go where the run's teardown reads them.
      cspReportTo: sharedBackendConfig().url,
    });
    await page.goto(`${site.url}/`);
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
    await backend.close();
    backendRunning = false;

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
  } finally {
    await site?.close();
    if (backendRunning) await backend.close();
  }
});
