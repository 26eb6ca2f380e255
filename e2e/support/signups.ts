import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, type Locator, type Page } from '@playwright/test';
import type { SignUpRequestBody, SignupList } from '@agentora/backend-rules/signup-fields';
import { signUpThrough } from '@agentora/local-supabase/testing';
import { sharedBackendSettings } from './backend';
import { sharedBackendConfig } from './site';

export type SignupTable = 'early_access_signups' | 'newsletter_subscriptions' | 'waitlist_signups';

/**
 * A fresh address per use: every table is unique on lower(email) and the shared backend outlives a test.
 * The part before the first dot is the first name the emails greet.
 */
export function uniqueEmail(firstName: string, tag: string): string {
  return `${firstName.toLowerCase()}.${tag}-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The same address in other letter case: the database must still see a duplicate. */
export function otherCase(email: string): string {
  const upper = email.toUpperCase();
  return upper === email ? email.toLowerCase() : upper;
}

export { sharedBackendSettings, type BackendSettings } from './backend';
export { outboxMailTo, type OutboxMessage as OutboxMail } from './outbox';

/**
 * The rows of a sign-up table whose email matches in any letter case, read with the service role
 * (the browser's anon key may neither read nor write them).
 */
export async function signupRows<Row = Record<string, unknown>>(
  table: SignupTable,
  email: string,
  backend = sharedBackendSettings(),
): Promise<Row[]> {
  const admin = createClient(backend.url, backend.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.from(table).select('*').ilike('email', email);
  if (error) throw new Error(`Reading ${table} failed: ${error.message}`);
  return data as Row[];
}

/** A list's sign-up as a form sends it, the bot check's token aside. */
export type SignUpCall<List extends SignupList> = Omit<SignUpRequestBody<List>, 'bot_check'> & {
  bot_check?: string;
};

/**
 * A sign-up without a browser, as the forms make it: one POST to the sign-up function with the list,
 * the fields by column and (unless said) the token Cloudflare's testing sitekeys hand a page, which the
 * backend's testing secret passes. Answers the function's Response.
 */
export function signUpCall<List extends SignupList>(
  request: SignUpCall<List>,
  backend: { url: string; publishableKey: string } = sharedBackendConfig(),
): Promise<Response> {
  return signUpThrough(backend, request);
}

/**
 * signUpCall for specs about what happens to a sign-up, not about its form: throws unless it was
 * stored.
 */
export async function signUpWithoutBrowser<List extends SignupList>(
  request: SignUpCall<List>,
  backend?: { url: string; publishableKey: string },
): Promise<void> {
  const response = await signUpCall(request, backend);
  if (!response.ok)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
}

/** The waitlist form on the coming-soon screen. */
export function waitlistForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Join the Waitlist', exact: true });
}

export function earlyAccessForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Early access sign-up', exact: true });
}

export function homeNewsletterForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Newsletter sign-up', exact: true });
}

export function footerNewsletterForm(page: Page): Locator {
  return page
    .getByRole('contentinfo')
    .getByRole('form', { name: 'Footer newsletter sign-up', exact: true });
}

/**
 * The footer form's toast: a notice in the corner of the screen, kept at the end of <body> (out of the
 * footer, whose content-visibility would pin it inside). `status` for a success, `alert` otherwise.
 */
export function footerNewsletterToast(page: Page, role: 'status' | 'alert'): Locator {
  return page.locator(`body > [role="${role}"]`);
}

/** The home page's early-access section, which holds the form and its message. */
export function earlyAccessSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Get Early Access' });
}

/** The home page's newsletter section, which holds the form and its message. */
export function homeNewsletterSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Stay Updated' });
}

export interface WaitlistEntry {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  role?: string;
  companySize?: string;
  useCase?: string;
  hearAbout?: string;
}

export async function fillWaitlist(form: Locator, entry: WaitlistEntry): Promise<void> {
  await form.getByLabel('First Name').fill(entry.firstName);
  await form.getByLabel('Last Name').fill(entry.lastName);
  await form.getByLabel('Email').fill(entry.email);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill(entry.company);
  if (entry.role !== undefined) await form.getByLabel('Role').fill(entry.role);
  if (entry.companySize !== undefined)
    await form.getByLabel('Company Size').selectOption(entry.companySize);
  if (entry.useCase !== undefined) await form.getByLabel('Use Case').fill(entry.useCase);
  if (entry.hearAbout !== undefined)
    await form.getByLabel('How did you hear about us?').selectOption(entry.hearAbout);
}

export async function expectWaitlistValues(form: Locator, entry: WaitlistEntry): Promise<void> {
  await expect(form.getByLabel('First Name')).toHaveValue(entry.firstName);
  await expect(form.getByLabel('Last Name')).toHaveValue(entry.lastName);
  await expect(form.getByLabel('Email')).toHaveValue(entry.email);
  await expect(form.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue(
    entry.company,
  );
  await expect(form.getByLabel('Role')).toHaveValue(entry.role ?? '');
  await expect(form.getByLabel('Company Size')).toHaveValue(entry.companySize ?? '');
  await expect(form.getByLabel('Use Case')).toHaveValue(entry.useCase ?? '');
  await expect(form.getByLabel('How did you hear about us?')).toHaveValue(entry.hearAbout ?? '');
}
