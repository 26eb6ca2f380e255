import { expect, test } from '@agentora/e2e-support/test';
import { httpOrigin } from '@agentora/contracts/apps';
import type { PreviewSite } from '@agentora/preview';
import { testBackend, type TestBackend } from '@agentora/e2e-support/backend';
import { clickMailLink, mailsTo } from '@agentora/e2e-support/consent';
import { portBlock } from '@agentora/e2e-support/ports';
import { scrollThroughPage } from '@agentora/e2e-support/site';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import {
  earlyAccessForm,
  earlyAccessSection,
  signupRows,
  uniqueEmail,
} from '@agentora/e2e-support/signups';
import { OWN_SITE_START_MS } from '@agentora/e2e-support/own-site';

// Retention end to end, on a backend and a shell of this file's own (ports 4810, 4819; the remotes are
// the shared site's): the local server runs the retention job on a timer, as pg_cron does on hosted
// Supabase, with a clock the test moves.
const SITE_PORTS = portBlock(4810);
const BACKEND_PORT = 4819;
const DAY = 86_400_000;

// Starting a backend and a shell of its own takes part of a test's time on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let clockOffset = 0;
/** How many retention runs started with each clock offset (the job reads the clock as it starts). */
const runsWith = new Map<number, number>();
let backend: TestBackend;
let site: PreviewSite;
test.beforeAll(async () => {
  test.setTimeout(OWN_SITE_START_MS);
  backend = await testBackend(BACKEND_PORT, {
    siteUrl: httpOrigin('127.0.0.1', SITE_PORTS.shell),
    retention: {
      intervalMs: 250,
      now: () => {
        runsWith.set(clockOffset, (runsWith.get(clockOffset) ?? 0) + 1);
        return new Date(Date.now() + clockOffset);
      },
    },
  });
  // Its pages are rendered in the browser: this tests the backend's retention, not prerendered HTML.
  site = await startSiteBeside({
    ports: SITE_PORTS,
    supabase: backend.publicConfig,
    prerender: false,
  });
});
test.afterAll(async () => {
  await site?.close();
  await backend?.close();
});

test('unconfirmed sign-ups are gone 30 days on, confirmed ones stay', async ({ page }) => {
  const settings = { url: backend.url, serviceKey: backend.serviceKey };
  const silent = uniqueEmail('sam', 'unconfirmed');
  const keen = uniqueEmail('kim', 'confirmed');
  await page.goto(`${site.url}/`);
  await scrollThroughPage(page);
  for (const email of [silent, keen]) {
    await earlyAccessForm(page).getByRole('textbox', { name: 'Email address' }).fill(email);
    await earlyAccessForm(page).getByRole('button', { name: 'Join Early Access' }).click();
    await expect(earlyAccessSection(page).getByRole('status')).toContainText(
      "You're on the early access list",
    );
  }
  const [mail] = await mailsTo(keen, 1, settings);
  await clickMailLink(page, mail, 'Confirm your email', settings);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'your email address is confirmed',
  );

  // 29 days on, both are kept.
  clockOffset = 29 * DAY;
  // Runs follow one another: once a second run has started on this clock, the first has finished.
  await expect.poll(() => runsWith.get(29 * DAY) ?? 0).toBeGreaterThanOrEqual(2);
  expect(await signupRows('early_access_signups', silent, settings)).toHaveLength(1);

  clockOffset = 31 * DAY;
  await expect
    .poll(async () => (await signupRows('early_access_signups', silent, settings)).length)
    .toBe(0);
  expect(await signupRows('early_access_signups', keen, settings)).toEqual([
    expect.objectContaining({ email: keen, confirmed_at: expect.any(String) }),
  ]);
});
