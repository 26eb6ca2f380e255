import { expect, test, type Page } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { fillWaitlist, signupRows, uniqueEmail, waitlistForm } from '@agentora/e2e-support/signups';
import {
  differencesFromServer,
  rememberServerElements,
  waitForHydrated,
} from '@agentora/e2e-support/prerendered';

// A prerendered page can be used before its part's code has arrived: nothing the visitor types,
// chooses or presses in the meantime is lost (apps/shell/src/federation/early-interactions/).
// The part's remote answers slowly here, so every step below happens before it hydrates.

const HOLD_MS = 1500;

/** Holds back every file of the remote on `port` (manifest, entry, chunks) by HOLD_MS. */
async function slowRemote(page: Page, port: number): Promise<void> {
  await page.route(
    (url) => url.port === String(port),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    },
  );
}

/**
 * Holds back the first script the page asks for (the shell's entry) by HOLD_MS: the page shows, and
 * is used, before its entry has run at all (a slow phone, a busy network).
 */
async function slowShellEntry(page: Page): Promise<void> {
  const shellPort = new URL(sharedSiteUrl()).port;
  let first = true;
  await page.route(
    (url) => url.port === shellPort && url.pathname.endsWith('.js'),
    async (route) => {
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      }
      await route.continue();
    },
  );
}

const remotePort = (remoteOffset: number) => Number(new URL(sharedSiteUrl()).port) + remoteOffset;
const CONTENT = 1;
const SIGNUPS = 2;
const CAREERS = 3;

async function expectNotHydrated(page: Page, selector: string) {
  const hydrated = await page.evaluate(
    (found) =>
      Object.keys(document.querySelector(found) ?? {}).some((key) =>
        key.startsWith('__reactProps$'),
      ),
    selector,
  );
  expect(hydrated, `${selector} should not have hydrated yet`).toBe(false);
}

test('filters chosen and typed before the page has hydrated apply once it has', async ({
  page,
}) => {
  await slowRemote(page, remotePort(CONTENT));
  await page.goto(`${sharedSiteUrl()}/case-studies`, { waitUntil: 'domcontentloaded' });
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Industry' }).selectOption('Finance');
  await main.getByRole('searchbox', { name: 'Search case studies' }).fill('ledger');
  await expectNotHydrated(page, 'main h1');
  await expect(main.locator('[data-case-study] h3')).toHaveText(['LedgerLine Capital'], {
    timeout: 20_000,
  });
  await expect(main.getByRole('combobox', { name: 'Industry' })).toHaveValue('Finance');
  await expect(main.getByRole('searchbox', { name: 'Search case studies' })).toHaveValue('ledger');
});

for (const [before, entryHeldBack] of [
  ['the page has hydrated', false],
  ["the shell's entry has even run", true],
] as const) {
  test(`an article's link pressed before ${before} leads to the article's own page`, async ({
    page,
  }) => {
    if (entryHeldBack) await slowShellEntry(page);
    await slowRemote(page, remotePort(CONTENT));
    await page.goto(`${sharedSiteUrl()}/blog`, { waitUntil: 'domcontentloaded' });
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Inside the Shared Global Compute Pool' }).click();
    // A link needs no code: the browser follows it to the article's prerendered page.
    await expect(page).toHaveURL(`${sharedSiteUrl()}/blog/inside-the-shared-global-compute-pool`);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Inside the Shared Global Compute Pool' }),
    ).toBeVisible({ timeout: 20_000 });
  });
}

test("pointing at a part before the shell's entry has run loads it, without another move", async ({
  page,
}) => {
  await slowShellEntry(page);
  await page.goto(`${sharedSiteUrl()}/careers`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('resume-drop-zone').hover();
  await waitForHydrated(page, 'main h1');
});

test('a form filled and sent before its code has arrived is sent once, with everything typed', async ({
  page,
}) => {
  await slowRemote(page, remotePort(SIGNUPS));
  await page.goto(`${sharedSiteUrl()}/coming-soon`, { waitUntil: 'domcontentloaded' });
  const form = waitlistForm(page);
  const email = uniqueEmail('katherine', 'early');
  await fillWaitlist(form, {
    firstName: 'Katherine',
    lastName: 'Johnson',
    email,
    company: 'NASA',
    companySize: '201-1000',
  });
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expectNotHydrated(page, 'main h1');
  // The browser did not send the form itself (that would have reloaded the page with it in the URL).
  expect(page.url()).toBe(`${sharedSiteUrl()}/coming-soon`);

  await expect(form.getByRole('status')).toHaveText(/Welcome to Agentora's waitlist!/, {
    timeout: 20_000,
  });
  await waitForHydrated(page, 'main h1');
  const rows = await signupRows('waitlist_signups', email);
  expect(rows).toEqual([
    expect.objectContaining({
      first_name: 'Katherine',
      last_name: 'Johnson',
      company: 'NASA',
      company_size: '201-1000',
    }),
  ]);
});

test('a résumé dropped on the form before its code has arrived is taken, and the page stays', async ({
  page,
}) => {
  await slowRemote(page, remotePort(CAREERS));
  await page.goto(`${sharedSiteUrl()}/careers`, { waitUntil: 'domcontentloaded' });
  const zone = page.getByTestId('resume-drop-zone');
  await expect(zone).toBeVisible();
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.7\n'], 'early-cv.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  // A file dragged in from the desktop: drag events only, no pointer moves over the page first.
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expectNotHydrated(page, 'main h1');
  // The browser did not open the file in place of the page.
  expect(page.url()).toBe(`${sharedSiteUrl()}/careers`);

  await expect(zone).toContainText('early-cv.pdf', { timeout: 20_000 });
  await expect(zone).not.toHaveAttribute('data-dragging');
});

test('an anchor followed (and Back) before the page has hydrated keeps the page as served', async ({
  page,
}) => {
  await slowRemote(page, remotePort(CONTENT));
  await rememberServerElements(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${sharedSiteUrl()}/`);
  // The router is listening; the page's part is not hydrated (its code is held back).
  await waitForHydrated(page, 'header button');
  await page.getByRole('link', { name: 'Explore Our Vision' }).click();
  await expect(page).toHaveURL(/\/#vision$/);
  await page.goBack();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/`);
  await page.goForward();
  await expect(page).toHaveURL(/\/#vision$/);
  await expectNotHydrated(page, 'main h1');

  await waitForHydrated(page, 'main h1');
  // React adopted the part's HTML: it did not render it anew under the router's update.
  expect(await differencesFromServer(page)).toEqual({ dropped: [], made: [] });
  const vision = page.locator('section#vision');
  await expect
    .poll(() => vision.evaluate((section) => Math.round(section.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(66);
  await expect(vision.getByRole('heading', { level: 2 })).toBeInViewport();
});

test('an anchor followed before hydration does not move a visitor who has scrolled on when the page hydrates', async ({
  page,
}) => {
  await slowRemote(page, remotePort(CONTENT));
  await page.goto(`${sharedSiteUrl()}/`);
  await waitForHydrated(page, 'header button');
  await page.getByRole('link', { name: 'Explore Our Vision' }).click();
  await expect(page).toHaveURL(/\/#vision$/);
  // The visitor reads on while the page's code is still on its way.
  await page.evaluate(() => window.scrollBy(0, 600));
  const scrolled = await page.evaluate(() => Math.round(window.scrollY));
  // The move to #vision reaches the router once the part has hydrated, as a popstate event
  // (early-interactions/held-navigation.ts): the moment a scroll back to the anchor would happen.
  await page.evaluate(() => {
    const seen = window as unknown as { __popstates: number };
    seen.__popstates = 0;
    window.addEventListener('popstate', () => (seen.__popstates += 1));
  });
  await waitForHydrated(page, 'main h1');
  await page.waitForFunction(() => (window as unknown as { __popstates: number }).__popstates > 0);
  // The router's render of it has been committed and painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
});
