import { expect, test } from '@agentora/e2e-support/test';
import { TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { fetchFromAddress } from '@agentora/local-supabase';
import { apiHeaders } from '@agentora/local-supabase/testing';
import type { TestBackend } from '@agentora/e2e-support/backend';
import { fillRequired, newApplicant, openCareers } from '@agentora/e2e-support/careers';
import { OWN_SITE_START_MS } from '@agentora/e2e-support/own-site';
import { RATE_LIMITED, startRateLimitedSite } from '@agentora/e2e-support/rate-limited-site';
import { scrollThroughPage } from '@agentora/e2e-support/site';
import {
  earlyAccessForm,
  earlyAccessSection,
  signupRows,
  uniqueEmail,
} from '@agentora/e2e-support/signups';

// The production rate limits, on a backend and a shell of this file's own (ports 4719, 4710), for the
// sign-up forms and the careers application: each form's limit is its own action
// (supabase/schemas/limits.sql), so one such backend serves them all and is started once.
const MAILED =
  "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.";

// Starting a backend and a shell of its own takes part of a test's time on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let limited: Awaited<ReturnType<typeof startRateLimitedSite>> | undefined;
let backend: TestBackend;
let site: { url: string };
test.beforeAll(async () => {
  test.setTimeout(OWN_SITE_START_MS);
  limited = await startRateLimitedSite(4710);
  ({ backend, site } = limited);
});
test.afterAll(async () => {
  await limited?.close();
});

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
  const signUp = (email: string, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: apiHeaders(backend.publicConfig.publishableKey, headers),
    body: JSON.stringify({
      list: 'early_access',
      fields: { email },
      bot_check: TURNSTILE_DUMMY_TOKEN,
    }),
  });
  const forged = await fetch(
    `${backend.url}/functions/v1/sign-up`,
    signUp(uniqueEmail('eve', 'forged'), {
      'cf-connecting-ip': '203.0.113.50',
      'x-forwarded-for': '203.0.113.51',
      'x-real-ip': '203.0.113.52',
    }),
  );
  expect(forged.status).toBe(429);

  const elsewhere = await fetchFromAddress('127.0.0.2')(
    `${backend.url}/functions/v1/sign-up`,
    signUp(uniqueEmail('grace', 'elsewhere')),
  );
  expect(elsewhere.status).toBe(200);
});

test('an array body is refused as a whole, whatever the address', async () => {
  const emails = [uniqueEmail('bulk', 'a'), uniqueEmail('bulk', 'b')];
  const response = await fetchFromAddress('127.0.0.3')(`${backend.url}/functions/v1/sign-up`, {
    method: 'POST',
    headers: apiHeaders(backend.publicConfig.publishableKey),
    body: JSON.stringify(
      emails.map((email) => ({
        list: 'newsletter',
        fields: { email },
        bot_check: TURNSTILE_DUMMY_TOKEN,
      })),
    ),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: 'invalid' });
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
