import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, type Locator, type Page } from '@playwright/test';
import { BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { APPLICATION_COLUMNS, type ApplicationFields } from '@agentora/data';
import { sharedBackendSettings } from './backend';

export { docxBytes, pdfBytes, pngBytes } from '@agentora/local-supabase';

/** What the tests type into the required fields, and the address that makes each run unique. */
export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  whyJoin: string;
}

/** A fresh applicant per test: the table is unique on lower(email) and the backend outlives one test. */
export function newApplicant(tag: string): Applicant {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${tag}.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`,
    whyJoin: 'I want to help build the marketplace for AI agents.',
  };
}

export function applicationForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Job application' });
}

export async function openCareers(page: Page, siteUrl: string): Promise<Locator> {
  await page.goto(`${siteUrl}/careers`);
  await expect(page.getByRole('heading', { level: 1, name: /Careers/ })).toBeVisible();
  return applicationForm(page);
}

export async function fillRequired(form: Locator, applicant: Applicant): Promise<void> {
  await form.getByLabel('First Name').fill(applicant.firstName);
  await form.getByLabel('Last Name').fill(applicant.lastName);
  await form.getByLabel('Email').fill(applicant.email);
  await form.getByLabel(/Why do you want to join/).fill(applicant.whyJoin);
}

/** The résumé input: visually hidden, so files are handed to it directly. */
export function resumeInput(form: Locator): Locator {
  return form.getByLabel('Resume', { exact: true });
}

export interface ApplicationRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  location: string | null;
  linkedin_url: string | null;
  portfolio_url: string | null;
  current_role: string | null;
  current_company: string | null;
  experience_years: string | null;
  skills: string | null;
  why_join: string;
  availability: string | null;
  work_preference: string | null;
  salary_expectation: string | null;
  /** The object's path in the private applications bucket. */
  resume_path: string | null;
  resume_filename: string | null;
  cover_letter: string | null;
  hear_about_us: string | null;
  status: string;
}

function serviceClient(backend = sharedBackendSettings()) {
  return createClient(backend.url, backend.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** The stored applications for an address, read with the service role (anon may not read them). */
export async function applicationsFor(
  email: string,
  backend = sharedBackendSettings(),
): Promise<ApplicationRow[]> {
  const { data, error } = await serviceClient(backend)
    .from('general_applications')
    .select('*')
    .eq('email', email);
  if (error) throw new Error(`Reading general_applications failed: ${error.message}`);
  return data as ApplicationRow[];
}

/** The team's way in to a résumé: a signed URL, made with the service role. */
export async function signedResumeUrl(resumePath: string): Promise<string> {
  const { data, error } = await serviceClient()
    .storage.from('applications')
    .createSignedUrl(resumePath, 60);
  if (error) throw new Error(`Signing ${resumePath} failed: ${error.message}`);
  return data.signedUrl;
}

/** The names of the résumés the private bucket holds. */
export async function storedResumeNames(): Promise<string[]> {
  const { data, error } = await serviceClient()
    .storage.from('applications')
    .list('resumes', { limit: 1000 });
  if (error) throw new Error(`Listing the bucket failed: ${error.message}`);
  return data.map((object) => object.name);
}

/**
 * The résumés stored since `before` (a storedResumeNames() answer) that hold exactly these bytes.
 * The other e2e worker sends applications with résumés to the same backend at the same time, so a
 * count of the bucket cannot tell whether a test's own file was kept; its bytes can.
 */
export async function resumesHolding(before: readonly string[], bytes: Buffer): Promise<string[]> {
  const holding: string[] = [];
  for (const name of await storedResumeNames()) {
    if (before.includes(name)) continue;
    const { data, error } = await serviceClient()
      .storage.from('applications')
      .download(`resumes/${name}`);
    if (error) throw new Error(`Downloading resumes/${name} failed: ${error.message}`);
    if (Buffer.from(await data.arrayBuffer()).equals(bytes)) holding.push(name);
  }
  return holding;
}

/**
 * An application with a résumé, sent without a browser, the way the careers form sends it: the data
 * library's submitApplication (one multipart call to submit-application, with the bot check's token)
 * against the shared backend.
 * For specs about what happens to an application (privacy requests), not about the form.
 */
export async function applyWithoutBrowser(
  applicant: Applicant,
  resume: { name: string; type: string; bytes: Buffer },
): Promise<void> {
  const { url } = sharedBackendSettings();
  const publishableKey = process.env.E2E_SUPABASE_PUBLISHABLE_KEY ?? '';
  const response = await fetch(`${url}/functions/v1/submit-application`, {
    method: 'POST',
    headers: { apikey: publishableKey, Authorization: `Bearer ${publishableKey}` },
    body: applicationFormData(applicant, resume),
  });
  if (!response.ok)
    throw new Error(`submit-application answered ${response.status}: ${await response.text()}`);
}

function applicationFormData(
  applicant: Applicant,
  resume: { name: string; type: string; bytes: Buffer },
): FormData {
  const fields: ApplicationFields = {
    ...Object.fromEntries(Object.keys(APPLICATION_COLUMNS).map((name) => [name, ''])),
    ...applicant,
  } as ApplicationFields;
  const form = new FormData();
  for (const [name, column] of Object.entries(APPLICATION_COLUMNS))
    form.append(column, fields[name as keyof ApplicationFields]);
  form.append(
    'resume',
    new Blob([new Uint8Array(resume.bytes)], { type: resume.type }),
    resume.name,
  );
  // The token Cloudflare's testing sitekeys hand a page, which the backend's testing secret passes.
  form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
  return form;
}
