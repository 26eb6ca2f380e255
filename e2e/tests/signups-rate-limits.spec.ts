import { expect, test } from '@playwright/test';
import { startPreviewSite, type PreviewSite } from '@agentora/preview';
import { fetchFromAddress } from '@agentora/local-supabase';
import { testBackend, type TestBackend } from '../support/backend';
import { fillRequired, newApplicant, openCareers } from '../support/careers';
import { portBlock } from '../support/ports';
import { scrollThroughPage } from '../support/site';
import { earlyAccessForm, earlyAccessSection, signupRows, uniqueEmail } from '../support/signups';
import { WORKSPACE_ROOT } from '../support/workspace';

// The production rate limits (supabase/migrations/20250801000100_rate_limits.sql) on a backend and a
// site of this file's own (ports 4710-4719), since every other suite raises them. The browser is one
// client address (127.0.0.1); other addresses come from other loopback addresses.
const SITE_PORTS = portBlock(4710);
const BACKEND_PORT = 4719;
const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
const MAILED =
  "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.";

test.describe.configure({ mode: 'serial' });

let backend: TestBackend;
let site: PreviewSite;
test.beforeAll(async () => {
  backend = await testBackend(BACKEND_PORT, { rateLimits: 'production' });
  site = await startPreviewSite({
    workspaceRoot: WORKSPACE_ROOT,
    ports: SITE_PORTS,
    supabase: backend.publicConfig,
  });
});
test.afterAll(async () => {
  await site?.close();
  await backend?.close();
});

function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const { publishableKey } = backend.publicConfig;
  return {
    apikey: publishableKey,
    Authorization: `Bearer ${publishableKey}`,
    'Content-Type': 'application/json',
    ...extra,
  };
}

test('the 11th rapid early-access sign-up from one address is refused with the message and the address kept; another address still signs up', async ({
  page,
}) => {
  test.slow();
  await page.goto(`${site.url}/`);
  await scrollThroughPage(page);
  const form = earlyAccessForm(page);
  const input = form.getByRole('textbox', { name: 'Email address' });
  const joined: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const email = uniqueEmail('ada', `limit-${i}`);
    await input.fill(email);
    await form.getByRole('button', { name: 'Join Early Access' }).click();
    // A success empties the field.
    await expect(input).toHaveValue('');
    joined.push(email);
  }
  await expect(earlyAccessSection(page).getByRole('status')).toHaveText(MAILED);

  const eleventh = uniqueEmail('ada', 'limit-11');
  await input.fill(eleventh);
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(earlyAccessSection(page).getByRole('alert')).toHaveText(RATE_LIMITED);
  await expect(input).toHaveValue(eleventh);
  const backendSettings = { url: backend.url, serviceKey: backend.serviceKey };
  expect(await signupRows('early_access_signups', eleventh, backendSettings)).toEqual([]);
  for (const email of joined)
    expect(await signupRows('early_access_signups', email, backendSettings)).toHaveLength(1);

  // Headers a client can set do not make it another address: the gateway header comes from the socket.
  const forged = await fetch(`${backend.url}/rest/v1/early_access_signups`, {
    method: 'POST',
    headers: apiHeaders({
      'cf-connecting-ip': '203.0.113.50',
      'x-forwarded-for': '203.0.113.51',
      'x-real-ip': '203.0.113.52',
    }),
    body: JSON.stringify({ email: uniqueEmail('eve', 'forged') }),
  });
  expect(forged.status).toBe(429);

  const elsewhere = await fetchFromAddress('127.0.0.2')(
    `${backend.url}/rest/v1/early_access_signups`,
    {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ email: uniqueEmail('grace', 'elsewhere') }),
    },
  );
  expect(elsewhere.status).toBe(201);
});

test('an array body is refused as a whole, whatever the address', async () => {
  const emails = [uniqueEmail('bulk', 'a'), uniqueEmail('bulk', 'b')];
  const response = await fetchFromAddress('127.0.0.3')(
    `${backend.url}/rest/v1/newsletter_subscriptions`,
    {
      method: 'POST',
      headers: apiHeaders({ Prefer: 'return=minimal' }),
      body: JSON.stringify(emails.map((email) => ({ email }))),
    },
  );
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'PT400' });
  const backendSettings = { url: backend.url, serviceKey: backend.serviceKey };
  for (const email of emails)
    expect(await signupRows('newsletter_subscriptions', email, backendSettings)).toEqual([]);
});

test('the 6th application within the hour shows the message and keeps everything typed', async ({
  page,
}) => {
  test.slow();
  const form = await openCareers(page, site.url);
  for (let i = 0; i < 5; i += 1) {
    await fillRequired(form, newApplicant(`limit-${i}`));
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByRole('status')).toContainText('Application submitted successfully!');
  }
  const sixth = newApplicant('limit-6');
  await fillRequired(form, sixth);
  await form.getByLabel('Cover Letter').fill('Typed with care; please do not lose it.');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('alert')).toHaveText(RATE_LIMITED);
  await expect(form.getByLabel('Email')).toHaveValue(sixth.email);
  await expect(form.getByLabel('Cover Letter')).toHaveValue(
    'Typed with care; please do not lose it.',
  );
});
