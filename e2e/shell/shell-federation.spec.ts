import { expect, test } from '@playwright/test';
import { scrollThroughPage, sharedSiteUrl } from '@agentora/e2e-support/site';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';

test('React DOM is loaded once, and the shell theme styles a remote', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().catch(() => ''));
  });
  await page.goto(`${sharedSiteUrl()}/`);
  await expect(
    page.getByRole('heading', { name: /The Future of AI Agent Commerce/ }),
  ).toBeVisible();
  // The prerendered page's loader starts the scripts only after the first paint; on a busy machine
  // the network can be quiet before that. Once the shell has hydrated, react-dom has been fetched.
  await waitForHydrated(page, 'header button');
  await page.waitForLoadState('networkidle');

  // react-dom's client marks its root containers with this key; one copy of react-dom, one marker.
  const bodies = await Promise.all(scripts);
  expect(bodies.filter((body) => body.includes('__reactContainer$'))).toHaveLength(1);

  // The hero's Join Waitlist button is rendered by the content remote with libs/ui's primary colour:
  // only the shell's ThemeProvider supplies it.
  const heroCta = page
    .getByRole('main')
    .getByRole('link', { name: /Join Waitlist/ })
    .first();
  await expect(heroCta).toHaveCSS('background-color', 'rgb(91, 61, 245)');
});

test('header and footer stay mounted while pages change', async ({ page }) => {
  await page.goto(`${sharedSiteUrl()}/about`);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  // Until the shell has hydrated, its links are plain links to the next prerendered page.
  await waitForHydrated(page, 'header button');
  await page.evaluate(() => {
    (window as unknown as { frameNodes: Element[] }).frameNodes = [
      document.querySelector('header')!,
      document.querySelector('footer')!,
    ];
  });
  const header = page.getByRole('banner');
  for (const [name, heading] of [
    ['Blog', /Blog/],
    ['Use Cases', /Use Cases/],
    ['How It Works', /How .* Works/],
  ] as const) {
    await header.getByRole('link', { name, exact: true }).click();
    await expect(
      page.getByRole('main').getByRole('heading', { name: heading }).first(),
    ).toBeVisible();
  }
  const same = await page.evaluate(() => {
    const [header, footer] = (window as unknown as { frameNodes: Element[] }).frameNodes;
    return (
      header === document.querySelector('header') &&
      footer === document.querySelector('footer') &&
      header.isConnected
    );
  });
  expect(same).toBe(true);
});

test('a new page starts at the top, and a hash link scrolls to its anchor', async ({ page }) => {
  await page.goto(`${sharedSiteUrl()}/terms`);
  // The page's own content first: while it renders, the footer moves down and a click can miss.
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.mouse.wheel(0, 3000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the runtime config is fetched once, and nothing preloaded goes unused', async ({ page }) => {
  const configRequests: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/runtime-config.json')) configRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${sharedSiteUrl()}/about`);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  // A prerendered page reads it once its scripts run, after the first paint.
  await waitForHydrated(page, 'header button');
  await page.waitForLoadState('networkidle');
  expect(configRequests).toHaveLength(1);
  expect(warnings.filter((text) => text.includes('preload'))).toEqual([]);
});

test("a prerendered page starts the shell's scripts after its first paint: React, not supabase-js", async ({
  page,
}) => {
  const shellOrigin = new URL(sharedSiteUrl()).origin;
  const loaded = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(shellOrigin))
      loaded.add(new URL(request.url()).pathname);
  });
  const html = await (await page.request.get(`${sharedSiteUrl()}/about`)).text();
  // Nothing in the HTML fetches a script ahead of the page: one inline loader starts the entry.
  expect(html).not.toMatch(/<script[^>]+src=|rel="preload"/);
  const entry = [...html.matchAll(/"(\/main\.[0-9a-f]+\.js)"/g)].map((match) => match[1]);
  expect(entry).toHaveLength(1);

  await page.goto(`${sharedSiteUrl()}/about`);
  await waitForHydrated(page, 'header button');
  await page.waitForLoadState('networkidle');
  expect(loaded).toContain(entry[0]);
  const bodies = await Promise.all(
    [...loaded].map(async (path) => (await page.request.get(shellOrigin + path)).text()),
  );
  expect(bodies.some((body) => body.includes('__reactContainer$'))).toBe(true);
  // supabase-js names itself in the X-Client-Info header it sends; our libs/data only wraps it.
  expect(bodies.filter((body) => body.includes('supabase-js')).length).toBe(0);
});

test('sections below the first screen load only as the visitor scrolls towards them', async ({
  page,
}) => {
  const config = (await (
    await page.request.get(`${sharedSiteUrl()}/runtime-config.json`)
  ).json()) as { remotes: { signups: string } };
  const signupsOrigin = new URL(config.remotes.signups).origin;
  const signupsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(signupsOrigin)) signupsRequests.push(request.url());
  });
  await page.goto(`${sharedSiteUrl()}/`);
  await expect(
    page.getByRole('heading', { name: /The Future of AI Agent Commerce/ }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signupsRequests).toEqual([]);
  await expect(page.getByRole('form', { name: 'Footer newsletter sign-up' })).toHaveCount(0);

  await scrollThroughPage(page);
  await expect(page.getByRole('region', { name: 'Get Early Access' })).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('form', { name: 'Footer newsletter sign-up' }),
  ).toBeVisible();
  expect(signupsRequests.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
});
