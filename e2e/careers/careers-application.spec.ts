import { expect, test } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';
import {
  applicationsFor,
  docxBytes,
  fillRequired,
  newApplicant,
  openCareers,
  pdfBytes,
  pngBytes,
  resumeInput,
  signedResumeUrl,
  resumesHolding,
  storedResumeNames,
} from '@agentora/e2e-support/careers';
import { isPageViewCount } from '@agentora/e2e-support/growth';
import { outboxMailTo } from '@agentora/e2e-support/outbox';
import { sharedBackendConfig } from '@agentora/e2e-support/site';

const SUCCESS_WITH_EMAIL =
  "Application submitted successfully! Check your email for confirmation. We'll review your application and get back to you within 5 business days.";
const FIVE_MB = 5 * 1024 * 1024;

test('a full application with a PDF résumé lands as pending in one call, the file private and byte for byte, the career mail sent', async ({
  page,
}) => {
  const backendRequests: string[] = [];
  page.on('request', (request) => {
    // The shell's page view counts are the page's, not the form's.
    if (request.url().startsWith(sharedBackendConfig().url) && !isPageViewCount(request.url())) {
      backendRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  const applicant = newApplicant('full');
  const resume = pdfBytes(200 * 1024);
  const form = await openCareers(page, sharedSiteUrl());

  await fillRequired(form, applicant);
  await form.getByLabel('Phone').fill('+351 210 000 000');
  await form.getByLabel('Location').fill('Lisbon, Portugal');
  await form.getByLabel('LinkedIn Profile').fill('https://www.linkedin.com/in/ada-lovelace');
  await form.getByLabel('Portfolio / Website').fill('https://ada.dev');
  await form.getByLabel('Current Role').fill('Staff Engineer');
  await form.getByLabel('Current Company').fill('Analytical Engines Ltd');
  await form.getByLabel('Years of Experience').selectOption({ label: '10+ years' });
  await form.getByLabel('Skills').fill('TypeScript, distributed systems');
  await form.getByLabel('Availability').selectOption({ label: '1 month notice' });
  await form.getByLabel('Work Preference').selectOption({ label: 'Hybrid' });
  await form.getByLabel('Salary Expectation').fill('€120k');
  await form.getByLabel('Cover Letter').fill('Dear Agentora team,\nI would love to join.');
  await form.getByLabel('How did you hear about us?').selectOption({ label: 'Employee Referral' });
  await resumeInput(form).setInputFiles({
    name: 'ada-lovelace-cv.pdf',
    mimeType: 'application/pdf',
    buffer: resume,
  });
  await expect(form.getByTestId('resume-drop-zone')).toContainText('ada-lovelace-cv.pdf');
  await expect(form.getByTestId('resume-drop-zone')).toContainText('200 KB');

  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('status')).toHaveText(SUCCESS_WITH_EMAIL);
  await expect(form.getByLabel('First Name')).toHaveValue('');
  await expect(form.getByLabel('Years of Experience')).toHaveValue('');
  await expect(form.getByTestId('resume-drop-zone')).not.toContainText('ada-lovelace-cv.pdf');

  const rows = await applicationsFor(applicant.email);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: applicant.email,
    phone: '+351 210 000 000',
    location: 'Lisbon, Portugal',
    linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    portfolio_url: 'https://ada.dev',
    current_role: 'Staff Engineer',
    current_company: 'Analytical Engines Ltd',
    experience_years: '10+',
    skills: 'TypeScript, distributed systems',
    why_join: applicant.whyJoin,
    availability: '1-month',
    work_preference: 'hybrid',
    salary_expectation: '€120k',
    cover_letter: 'Dear Agentora team,\nI would love to join.',
    hear_about_us: 'referral',
    resume_filename: 'ada-lovelace-cv.pdf',
    status: 'pending',
  });
  expect(row.resume_path).toMatch(/^resumes\/\d{13}-[0-9a-f]{32}\.pdf$/);
  // The browser made one call; it never touched storage or the table itself.
  expect(backendRequests.filter((request) => request.startsWith('POST'))).toEqual([
    'POST /functions/v1/submit-application',
  ]);

  // Not readable without a signed URL: the public URL and anon's own download are refused.
  const { url, publishableKey } = sharedBackendConfig();
  const publicUrl = await fetch(`${url}/storage/v1/object/public/applications/${row.resume_path}`);
  expect(publicUrl.status).toBe(400);
  const anonDownload = await fetch(`${url}/storage/v1/object/applications/${row.resume_path}`, {
    headers: { apikey: publishableKey, Authorization: `Bearer ${publishableKey}` },
  });
  expect(anonDownload.status).toBe(400);
  const stored = await fetch(await signedResumeUrl(row.resume_path!));
  expect(stored.status).toBe(200);
  expect(Buffer.from(await stored.arrayBuffer()).equals(resume)).toBe(true);

  const mail = await outboxMailTo(applicant.email);
  expect(mail).toHaveLength(1);
  expect(mail[0].subject).toBe('We received your application to Agentora');
  // To an address nobody confirmed: our words only (docs/security.md, "Thank-you emails").
  expect(mail[0].text).toContain('Hi there,');
  expect(mail[0].text).toContain('Thank you for applying to Agentora.');
  expect(mail[0].text).not.toContain('Staff Engineer');
});

test('a PNG and a 6 MB file are refused in the browser, exactly 5 MB is taken, and nothing is uploaded until submit', async ({
  page,
}) => {
  const storageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/storage/v1/')) storageRequests.push(request.url());
  });
  const form = await openCareers(page, sharedSiteUrl());
  const zone = form.getByTestId('resume-drop-zone');
  const input = resumeInput(form);

  await input.setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'),
  });
  await expect(form.getByRole('alert')).toHaveText('Please upload a PDF or Word document');
  await expect(zone).not.toContainText('portrait.png');
  await expect(form.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  await input.setInputFiles({
    name: 'huge-cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes(6 * 1024 * 1024),
  });
  await expect(form.getByRole('alert')).toHaveText('File size must be less than 5MB');
  await expect(zone).not.toContainText('huge-cv.pdf');

  await input.setInputFiles({
    name: 'one-byte-over.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes(FIVE_MB + 1),
  });
  await expect(form.getByRole('alert')).toHaveText('File size must be less than 5MB');
  await expect(zone).not.toContainText('one-byte-over.pdf');

  await input.setInputFiles({
    name: 'exactly-5mb.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes(FIVE_MB),
  });
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(zone).toContainText('exactly-5mb.pdf');
  await expect(zone).toContainText('5 MB');

  await form.getByRole('button', { name: 'Remove exactly-5mb.pdf' }).click();
  await expect(zone).not.toContainText('exactly-5mb.pdf');
  await expect(form.getByRole('button', { name: 'Choose file' })).toBeFocused();

  // Without a résumé the application still goes through, with no file attached.
  const applicant = newApplicant('no-resume');
  await fillRequired(form, applicant);
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('status')).toHaveText(SUCCESS_WITH_EMAIL);
  // The browser never talks to storage: the function stores résumés.
  expect(storageRequests).toEqual([]);
  const [row] = await applicationsFor(applicant.email);
  expect(row).toMatchObject({
    status: 'pending',
    resume_path: null,
    resume_filename: null,
    current_role: null,
  });
  const [mail] = await outboxMailTo(applicant.email);
  expect(mail.text).toContain('Thank you for applying to Agentora.');
});

test('a spoofed résumé (a PNG named and typed as a PDF) is refused by the server: nothing stored, everything kept', async ({
  page,
}) => {
  const applicant = newApplicant('spoofed');
  const form = await openCareers(page, sharedSiteUrl());
  await fillRequired(form, applicant);
  const spoofed = pngBytes();
  await resumeInput(form).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: spoofed,
  });
  // The browser cannot see through it: name and type agree.
  await expect(form.getByTestId('resume-drop-zone')).toContainText('cv.pdf');
  const before = await storedResumeNames();
  await form.getByRole('button', { name: 'Submit Application' }).click();

  await expect(form.getByRole('alert')).toHaveText('Please upload a PDF or Word document');
  await expect(form.getByLabel('Email')).toHaveValue(applicant.email);
  await expect(form.getByTestId('resume-drop-zone')).toContainText('cv.pdf');
  expect(await applicationsFor(applicant.email)).toEqual([]);
  expect(await resumesHolding(before, spoofed)).toEqual([]);
  expect(await outboxMailTo(applicant.email)).toEqual([]);

  // A real Word document goes through.
  await resumeInput(form).setInputFiles({
    name: 'cv.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxBytes(),
  });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('status')).toHaveText(SUCCESS_WITH_EMAIL);
  expect((await applicationsFor(applicant.email))[0].resume_path).toMatch(/\.docx$/);
});

test('a file dropped on the zone is taken like a picked one', async ({ page }) => {
  const form = await openCareers(page, sharedSiteUrl());
  const zone = form.getByTestId('resume-drop-zone');
  // The zone's own handling (a drop before the form's code runs: prerendered-early-input.spec.ts).
  await zone.hover();
  await waitForHydrated(page, 'main h1');
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.7\n'], 'dropped-cv.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).toContainText('dropped-cv.pdf');
  await expect(zone).not.toHaveAttribute('data-dragging');
});

test('the same email again gets the duplicate message and keeps the form', async ({ page }) => {
  const applicant = newApplicant('duplicate');
  const form = await openCareers(page, sharedSiteUrl());
  await fillRequired(form, applicant);
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('status')).toHaveText(SUCCESS_WITH_EMAIL);

  // The database compares addresses case-insensitively.
  await fillRequired(form, { ...applicant, email: applicant.email.toUpperCase() });
  await resumeInput(form).setInputFiles({
    name: 'second-try.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes(4096),
  });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'You have already submitted an application with this email address.',
  );
  await expect(form.getByLabel('Email')).toHaveValue(applicant.email.toUpperCase());
  await expect(form.getByLabel('First Name')).toHaveValue(applicant.firstName);
  await expect(form.getByTestId('resume-drop-zone')).toContainText('second-try.pdf');
  expect(await applicationsFor(applicant.email)).toHaveLength(1);
});

test('validation messages show in the browser, on the field and in the banner, and focus the first problem', async ({
  page,
}) => {
  const form = await openCareers(page, sharedSiteUrl());
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expect(form.getByLabel('First Name')).toBeFocused();
  await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

  await fillRequired(form, { ...newApplicant('invalid'), email: 'ada.example.com' });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(form.getByLabel('Email')).toBeFocused();
});
