import { expect, test } from '@agentora/e2e-support/test';
import { fillRequired, newApplicant, openCareers } from '@agentora/e2e-support/careers';
import { OWN_SITE_START_MS } from '@agentora/e2e-support/own-site';
import { RATE_LIMITED, startRateLimitedSite } from '@agentora/e2e-support/rate-limited-site';

// The production rate limits, on a backend and a shell of this file's own (ports 4729, 4720).
// Starting a backend and a shell of its own takes part of a test's time on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let limited: Awaited<ReturnType<typeof startRateLimitedSite>> | undefined;
test.beforeAll(async () => {
  test.setTimeout(OWN_SITE_START_MS);
  limited = await startRateLimitedSite(4720);
});
test.afterAll(async () => {
  await limited?.close();
});

test('the 6th application within the hour shows the message and keeps everything typed', async ({
  page,
}) => {
  test.slow();
  const form = await openCareers(page, limited!.site.url);
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
