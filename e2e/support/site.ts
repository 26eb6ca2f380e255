import { expect, type Page } from '@playwright/test';
import type { SiteRoute } from '@agentora/data/routes';

/** The heading each page module shows, by `<remote> <expose>`. */
export const PAGE_HEADINGS: Record<string, RegExp> = {
  'content ./HomePage': /The Future of AI Agent Commerce/,
  'content ./AboutPage': /About/,
  'content ./BlogPage': /Blog/,
  'content ./UseCasesPage': /Use Cases/,
  'content ./HowItWorksPage': /How .* Works/,
  'content ./CaseStudiesPage': /Case Studies/,
  'content ./TutorialsPage': /Tutorials/,
  'content ./CommunityPage': /Community/,
  'content ./PrivacyPage': /Privacy Policy/,
  'content ./TermsPage': /Terms of Service/,
  'careers ./CareersPage': /Careers/,
  'signups ./WaitlistPage': /Join the AI Revolution/,
  'backoffice ./ConsolePage': /Team console/,
};

export function sharedSiteUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the site.');
  return url;
}

/** The shell's persistent frame: header with its nav, and the footer. */
export async function expectSiteFrame(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
}

/**
 * What the route table checks of every route's page with JavaScript on: its title, a heading of its
 * page module, the frame, no part that failed to load, a description.
 */
export async function expectRoutePage(page: Page, route: SiteRoute) {
  await expect(page).toHaveTitle(route.title);
  // A page module without a known heading still has to show one.
  const heading = PAGE_HEADINGS[`${route.page.remote} ${route.page.expose}`] ?? /\S/;
  await expect(
    page.getByRole('main').getByRole('heading', { name: heading }).first(),
  ).toBeVisible();
  await expectSiteFrame(page);
  await expect(page.locator('[data-remote-failure]')).toHaveCount(0);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
}

/** Fails the test on any uncaught page error (a blank page usually starts with one). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The shared backend's public settings, for tests that start a site of their own. */
export function sharedBackendConfig(): { url: string; publishableKey: string } {
  const url = process.env.E2E_SUPABASE_URL;
  const publishableKey = process.env.E2E_SUPABASE_PUBLISHABLE_KEY;
  if (!url || !publishableKey) throw new Error('The global setup did not start the backend.');
  return { url, publishableKey };
}

/**
 * Scrolls down the page as a visitor would, until no part is still waiting for the viewport (the
 * shell's RemotePart load="near-viewport": the home page's sign-up sections, the footer form).
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  const waiting = page.locator('[data-waiting-for-viewport]');
  for (let left = await waiting.count(); left > 0; left = await waiting.count()) {
    // The placeholder may be replaced while we scroll to it (its part loaded on the way): look again.
    if (
      !(await waiting
        .first()
        .scrollIntoViewIfNeeded({ timeout: 2000 })
        .then(
          () => true,
          () => false,
        ))
    )
      continue;
    await expect
      .poll(() => waiting.count(), { message: 'a part near the viewport should start loading' })
      .toBeLessThan(left);
  }
}
