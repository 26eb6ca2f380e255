import { expect, test } from '@playwright/test';
import { startPreviewSite } from '@agentora/preview';
import { testBackend } from '@agentora/e2e-support/backend';
import { portBlock } from '@agentora/e2e-support/ports';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';
import {
  fillRequired,
  newApplicant,
  openCareers,
  pdfBytes,
  resumeInput,
} from '@agentora/e2e-support/careers';
import { servedApps } from '@agentora/e2e-support/owners';
import { sharedBackendConfig } from '@agentora/e2e-support/site';

// A site and a backend of this test's own, so stopping the backend cannot disturb other tests.
// Ports from the careers suite's private block (4610-4699).
const SITE_PORTS = portBlock(4610);
const BACKEND_PORT = 4619;

// Starting a site of its own (its hosts, the prerender) takes part of a test's time on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('with the backend down the failure texts show and everything entered stays', async ({
  page,
}) => {
  // Boots a backend of its own (migrations on a fresh database) before the browser part starts.
  test.slow();
  const backend = await testBackend(BACKEND_PORT);
  let backendRunning = true;
  const site = await startPreviewSite({
    workspaceRoot: WORKSPACE_ROOT,
    ports: SITE_PORTS,
    supabase: backend.publicConfig,
    apps: servedApps(),
    // Its CSP reports go where the run's teardown reads them.
    cspReportTo: sharedBackendConfig().url,
  });
  try {
    const form = await openCareers(page, site.url);
    const applicant = newApplicant('backend-down');
    await fillRequired(form, applicant);
    await form.getByLabel('Current Role').fill('Product Designer');
    await form.getByLabel('Work Preference').selectOption({ label: 'Flexible' });
    await form.getByLabel('Cover Letter').fill('Typed with care; please do not lose it.');
    // The bot check's script comes from Cloudflare, not from the backend: here it comes from the local
    // backend's stand-in, which the form's first touch has loaded before the backend goes down.
    await page.waitForFunction(() => 'turnstile' in window);

    await backend.close();
    backendRunning = false;

    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Failed to submit application. Please try again or contact support.',
    );
    await expect(form.getByRole('button', { name: 'Submit Application' })).toBeEnabled();

    // With a résumé attached, the résumé is what could not be uploaded.
    await resumeInput(form).setInputFiles({
      name: 'designer-cv.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes(8192),
    });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to upload resume. Please try again.');

    await expect(form.getByLabel('First Name')).toHaveValue(applicant.firstName);
    await expect(form.getByLabel('Last Name')).toHaveValue(applicant.lastName);
    await expect(form.getByLabel('Email')).toHaveValue(applicant.email);
    await expect(form.getByLabel(/Why do you want to join/)).toHaveValue(applicant.whyJoin);
    await expect(form.getByLabel('Current Role')).toHaveValue('Product Designer');
    await expect(form.getByLabel('Work Preference')).toHaveValue('flexible');
    await expect(form.getByLabel('Cover Letter')).toHaveValue(
      'Typed with care; please do not lose it.',
    );
    await expect(form.getByTestId('resume-drop-zone')).toContainText('designer-cv.pdf');
    // Header and footer are untouched by the failure.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  } finally {
    await site.close();
    if (backendRunning) await backend.close();
  }
});
