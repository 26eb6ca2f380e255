import { expect, test } from '@playwright/test';
import {
  fillRequired,
  newApplicant,
  openCareers,
  pdfBytes,
  resumeInput,
} from '@agentora/e2e-support/careers';
import { sharedBackendConfig, sharedSiteUrl } from '@agentora/e2e-support/site';

// The shared site, its backend down for this page alone: every request the page makes to the backend
// is refused at the connection, as a stopped server's are, while the other tests keep using it.
test('with the backend down the failure texts show and everything entered stays', async ({
  page,
}) => {
  const form = await openCareers(page, sharedSiteUrl());
  const applicant = newApplicant('backend-down');
  await fillRequired(form, applicant);
  await form.getByLabel('Current Role').fill('Product Designer');
  await form.getByLabel('Work Preference').selectOption({ label: 'Flexible' });
  await form.getByLabel('Cover Letter').fill('Typed with care; please do not lose it.');
  // The bot check's script comes from Cloudflare, not from the backend: here it comes from the local
  // backend's stand-in, which the form's first touch has loaded before the backend goes down.
  await page.waitForFunction(() => 'turnstile' in window);

  await page.route(`${sharedBackendConfig().url}/**`, (route) => route.abort('connectionrefused'));

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
});
