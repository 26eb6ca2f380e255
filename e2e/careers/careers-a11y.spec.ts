import { expect, test, type FileChooser } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { openCareers, resumeInput } from '@agentora/e2e-support/careers';
import { wcagViolations } from '@agentora/e2e-support/axe';

test('the careers page has no WCAG A/AA violations, empty, with every error shown, and with a résumé attached', async ({
  page,
}) => {
  const form = await openCareers(page, sharedSiteUrl());
  expect(await wcagViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  await resumeInput(form).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('png'),
  });
  await expect(
    form.getByRole('alert').filter({ hasText: 'Please upload a PDF or Word document' }),
  ).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await resumeInput(form).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  await expect(form.getByRole('button', { name: 'Remove cv.pdf' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('the form can be filled and sent with the keyboard alone', async ({ page }) => {
  // Listening from the start: Playwright intercepts file choosers only once a listener is set up,
  // and setting it up right before the key press can lose the race with the chooser opening.
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  const form = await openCareers(page, sharedSiteUrl());
  await form.getByLabel('First Name').focus();
  await page.keyboard.type('Grace');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Hopper');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`grace.keyboard.${Date.now()}@example.com`);
  await form.getByLabel(/Why do you want to join/).focus();
  await page.keyboard.type('Compilers, then agents.');

  // The résumé is reached through its visible button, not the hidden input.
  await form.getByLabel('Salary Expectation').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Choose file' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers.length).toBe(1);
  await choosers[0]!.setFiles({
    name: 'grace.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7 grace'),
  });
  await expect(form.getByTestId('resume-drop-zone')).toContainText('grace.pdf');

  await form.getByLabel('Cover Letter').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Submit Application' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toContainText('Application submitted successfully!');
});
