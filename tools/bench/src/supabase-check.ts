import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type {
  SupabaseDetectorCheck,
  SupabaseLazyResult,
  SupabasePageCheck,
} from './measurements.ts';
import {
  DESKTOP_VIEWPORT,
  loadRoute,
  scriptsContaining,
  SUPABASE_JS_MARKER,
  trackScripts,
  type ScriptTracker,
} from './page-scripts.ts';

export const SUPABASE_CHECK_ROUTES = ['/', '/coming-soon'];

async function waitForSupabaseScript(
  tracker: ScriptTracker,
  timeoutMs: number,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = scriptsContaining(await tracker.scripts(), SUPABASE_JS_MARKER)[0];
    if (found) return found.url;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

function footerForm(page: Page) {
  const footer = page.getByRole('contentinfo');
  return footer
    .getByRole('form', { name: 'Footer newsletter sign-up' })
    .or(footer.locator('form').filter({ has: page.locator('input[type="email"]') }))
    .first();
}

/** A request the page makes to the backend: a function (sign-up), the REST API or Auth. */
const isBackendRequest = (url: string) =>
  /\/(functions|rest|auth)\/v1\//.test(new URL(url).pathname);

/**
 * A visitor's page never fetches supabase-js: a sign-up is one request to a function (libs/data's
 * signUp), and only the staff console makes a Supabase client. Loads the route, waits for the network
 * to go quiet, checks that no script so far contains supabase-js, then submits the footer newsletter
 * form with a fresh address and, once the backend has answered and the network is quiet again, checks
 * that the same detector still finds none.
 */
async function checkPage(
  browser: Browser,
  siteUrl: string,
  route: string,
): Promise<SupabasePageCheck> {
  const { name: _name, ...contextOptions } = DESKTOP_VIEWPORT;
  const context = await browser.newContext(contextOptions);
  const check: SupabasePageCheck = {
    route,
    scriptsBeforeSubmit: 0,
    loadedBeforeSubmit: false,
    loadedAfterSubmit: false,
  };
  try {
    const page = await context.newPage();
    const tracker = trackScripts(page);
    const recordBeforeSubmit = async () => {
      const before = await tracker.scripts();
      check.scriptsBeforeSubmit = before.length;
      const early = scriptsContaining(before, SUPABASE_JS_MARKER)[0];
      check.loadedBeforeSubmit = early !== undefined;
      if (early) check.supabaseScript = early.url;
    };
    await loadRoute(page, new URL(route, siteUrl).href);
    await recordBeforeSubmit();
    // The footer may render (and load its remote part) only once scrolled to; look again after that.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const form = footerForm(page);
    await form.waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await recordBeforeSubmit();

    const submitRequests: string[] = [];
    page.on('request', (request) => {
      if (isBackendRequest(request.url()))
        submitRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const answered = page.waitForResponse(
      (response) => isBackendRequest(response.url()) && response.request().method() !== 'OPTIONS',
      { timeout: 20_000 },
    );
    const email = `bench.${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
    await form.locator('input[type="email"], input[name*="email" i]').first().fill(email);
    await form.locator('button[type="submit"], button:not([type])').first().click();
    // The moment supabase-js would have come is past once the backend has answered the submit and
    // nothing more is loading.
    await answered;
    await page.waitForLoadState('networkidle');
    check.submitRequests = submitRequests.filter((request) => !request.startsWith('OPTIONS '));
    const after = scriptsContaining(await tracker.scripts(), SUPABASE_JS_MARKER)[0];
    check.loadedAfterSubmit = after !== undefined;
    if (after && !check.supabaseScript) check.supabaseScript = after.url;
    const message = page
      .getByRole('contentinfo')
      .getByRole('status')
      .or(page.getByRole('contentinfo').getByRole('alert'))
      .first();
    check.submitOutcome =
      (await message.textContent({ timeout: 10_000 }).catch(() => null))?.trim() || undefined;
  } catch (error) {
    check.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await context.close();
  }
  return check;
}

/** The console's page, whose session check makes the staff's Supabase client as it starts. */
export const SUPABASE_DETECTOR_ROUTE = '/console';

/** Proves the detector: the console's page does fetch supabase-js, and the detector must see it. */
async function checkDetector(browser: Browser, siteUrl: string): Promise<SupabaseDetectorCheck> {
  const { name: _name, ...contextOptions } = DESKTOP_VIEWPORT;
  const context = await browser.newContext(contextOptions);
  const check: SupabaseDetectorCheck = { route: SUPABASE_DETECTOR_ROUTE, seen: false };
  try {
    const page = await context.newPage();
    const tracker = trackScripts(page);
    await loadRoute(page, new URL(SUPABASE_DETECTOR_ROUTE, siteUrl).href);
    // A page's part loads when the visitor first points at or touches it (README, "Speed and quality").
    await page.mouse.move(640, 400);
    await page.mouse.move(600, 300);
    check.supabaseScript = await waitForSupabaseScript(tracker, 15_000);
    check.seen = check.supabaseScript !== undefined;
  } catch (error) {
    check.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await context.close();
  }
  return check;
}

export async function checkSupabaseLazy(
  browser: Browser,
  siteUrl: string,
  routes = SUPABASE_CHECK_ROUTES,
): Promise<SupabaseLazyResult> {
  const pages: SupabasePageCheck[] = [];
  for (const route of routes) pages.push(await checkPage(browser, siteUrl, route));
  return { pages, detector: await checkDetector(browser, siteUrl) };
}
