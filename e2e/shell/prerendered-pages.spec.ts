import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@agentora/chromium';
import { canonicalUrl, findRoute, SITE_ROUTES } from '@agentora/data/routes';
import {
  collectPageErrors,
  expectRoutePage,
  expectSiteFrame,
  PAGE_HEADINGS,
  sharedSiteUrl,
} from '@agentora/e2e-support/site';
import {
  differencesFromServer,
  hydrationTestOpensAsIs,
  isUnlistedPage,
  LINK_TOKEN,
  rememberServerElements,
  takesOverAtLoad,
  waitForHydrated,
} from '@agentora/e2e-support/prerendered';

// Every route is served as prerendered HTML (tools/prerender): readable with JavaScript off, and
// adopted by React as it is when JavaScript runs.

/** A page with no icon link: the browser asks its origin for /favicon.ico. */
const CONTROL_PAGE =
  '<!doctype html><html lang="en"><title>Control</title><p>No icon link.</p></html>';
/** The start of the name of the chunk of an exposed module ('./AboutPage'), as the remotes' builds write it. */
const exposedChunk = (expose: string) => `__federation_expose_${expose.replace(/^\.\//, '')}.`;

test.describe('with JavaScript off', () => {
  // One tab opens every JavaScript-off page in turn: with no script to run, a page keeps nothing in
  // the browser that the next could see, and a tab of its own for each test (a context, a renderer
  // process) cost more than the visit.
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ javaScriptEnabled: false });
  });
  test.afterAll(() => page.close());

  for (const route of SITE_ROUTES) {
    test(`${route.path} shows its heading, text, header and footer, and its meta tags`, async () => {
      const response = await page.goto(sharedSiteUrl() + route.path);
      expect(response?.status()).toBe(200);
      const main = page.getByRole('main');
      await expect(
        main.getByRole('heading', {
          level: 1,
          name:
            route.article?.title ??
            PAGE_HEADINGS[`${route.page.remote} ${route.page.expose}`] ??
            /\S/,
        }),
      ).toBeVisible();
      await expectSiteFrame(page);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }),
      ).toBeVisible();
      // With JavaScript off the page cannot change after its load: the rest is read in one look and
      // compared here, each fact as the list of what the page has (one element, no more, no fewer).
      const facts = await main.evaluate((mainElement) => {
        const all = (selector: string, attribute: string) =>
          Array.from(document.querySelectorAll(selector), (element) =>
            element.getAttribute(attribute),
          );
        const body = getComputedStyle(document.body);
        return {
          // A page of a mail link has only its lead and its button. The text in the HTML
          // (textContent): innerText leaves out bands whose rendering the browser has not done yet
          // (content-visibility: auto below the first screen), which on a busy machine made /blog
          // look short.
          textLength: (mainElement.textContent ?? '').replace(/\s+/g, ' ').length,
          noscripts: document.querySelectorAll('noscript').length,
          bodyBackground: body.backgroundColor,
          bodyLineHeight: body.lineHeight,
          mainBoxSizing: getComputedStyle(mainElement).boxSizing,
          fetchedAhead: document.querySelectorAll(
            'script[src], link[rel="preload"], link[rel="modulepreload"]',
          ).length,
          title: document.title,
          headTitles: document.querySelectorAll('head title').length,
          description: all('head meta[name="description"]', 'content'),
          canonical: all('head link[rel="canonical"]', 'href'),
          ogTitle: all('head meta[property="og:title"]', 'content'),
          ogDescription: all('head meta[property="og:description"]', 'content'),
          ogUrl: all('head meta[property="og:url"]', 'content'),
          ogType: all('head meta[property="og:type"]', 'content'),
          ogImage: all('head meta[property="og:image"]', 'content'),
          icon: all('head link[rel="icon"]', 'href'),
          touchIcon: all('head link[rel="apple-touch-icon"]', 'href'),
        };
      });
      expect(facts.textLength).toBeGreaterThan(isUnlistedPage(route.path) ? 100 : 200);
      expect(facts.noscripts).toBe(0);
      // The site's global rules are in the HTML, not added by a script (libs/ui/src/theme/global-css.ts).
      expect(facts.bodyBackground).toBe('rgb(11, 13, 23)');
      expect(facts.bodyLineHeight).toMatch(/px$/);
      expect(facts.mainBoxSizing).toBe('border-box');
      // Nothing is fetched ahead of the first paint: the scripts start after it (the inline loader).
      expect(facts.fetchedAhead).toBe(0);

      expect(facts.title).toBe(route.title);
      expect(facts.headTitles).toBe(1);
      expect(facts.description).toEqual([route.description]);
      expect(facts.canonical).toEqual([canonicalUrl(route.path)]);
      expect(facts.ogTitle).toEqual([route.title]);
      expect(facts.ogDescription).toEqual([route.description]);
      expect(facts.ogUrl).toEqual([canonicalUrl(route.path)]);
      expect(facts.ogType).toEqual([route.article ? 'article' : 'website']);
      expect(facts.ogImage).toEqual([
        route.article
          ? `https://agentora.ai/og/blog/${route.article.slug}.png`
          : 'https://agentora.ai/og/site.png',
      ]);
      expect(facts.icon).toEqual([expect.stringMatching(/^data:image\/webp;base64,/)]);
      expect(facts.touchIcon).toEqual(['/apple-touch-icon.png']);
    });
  }

  test('an unknown address gets the error page, status 404, and no canonical URL', async () => {
    const response = await page.goto(`${sharedSiteUrl()}/no-such-page/at-all`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Unexpected Application Error! | Agentora');
    await expectSiteFrame(page);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('the icon comes with the page: loading it asks for no icon file, and the file crawlers take is there', async ({
  browser,
  request,
}) => {
  // Chromium fetches a page's icon from the browser, not the page: no page or route event shows it,
  // only the server that gets it. So the home page as served is served again here, at 127.0.0.1, by a
  // server that notes every request with its host; a page with no icon link at localhost (another
  // origin) is the control, which Chromium asks /favicon.ico for after its load. The headless shell
  // the other tests use has no browser layer and fetches no icons: this part runs in the full browser.
  const home = await (await request.get(sharedSiteUrl() + '/')).text();
  const asked: string[] = [];
  const server = http.createServer((incoming, answer) => {
    asked.push(`${incoming.headers.host?.split(':')[0]}${incoming.url}`);
    if (incoming.url === '/') {
      answer.setHeader('content-type', 'text/html; charset=utf-8');
      answer.end(incoming.headers.host?.startsWith('localhost') ? CONTROL_PAGE : home);
    } else {
      answer.statusCode = 404;
      answer.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  const fullBrowser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const context = await fullBrowser.newContext({ javaScriptEnabled: false });
  try {
    const served = await context.newPage();
    await served.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
    // The control opens after the page's load, in a tab of its own (the page stays open): its icon
    // request comes after the one the page would have made.
    const control = await context.newPage();
    await control.goto(`http://localhost:${port}/`, { waitUntil: 'load' });
    await expect.poll(() => asked).toContain('localhost/favicon.ico');
    expect(asked.filter((entry) => entry.startsWith('127.0.0.1'))).toEqual(['127.0.0.1/']);
  } finally {
    await fullBrowser.close();
    await new Promise((resolve) => server.close(resolve));
  }

  const page = await browser.newPage();
  await page.goto(sharedSiteUrl() + '/');
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const served = await request.get(`${sharedSiteUrl()}/favicon-32.webp`);
  expect(icon).toBe(`data:image/webp;base64,${(await served.body()).toString('base64')}`);

  const touchIcon = await request.get(`${sharedSiteUrl()}/apple-touch-icon.png`);
  expect(touchIcon.status()).toBe(200);
  expect(touchIcon.headers()['content-type']).toBe('image/png');
  const png = await touchIcon.body();
  // The PNG header: width and height (big-endian) at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
  await page.close();
});

test.describe('hydration', () => {
  // One tab opens every route in turn, as a visitor going from page to page: each visit is a page
  // load of its own (a new document, its scripts started again), and what one page keeps in the
  // browser (its HTTP cache, the release bucket in localStorage) changes nothing another's
  // hydration is checked for. A tab of its own for each test (a context, a renderer process, every
  // script fetched and compiled again) cost more than the visit. What the tab reports is noted from
  // its opening, and each test starts its own notes.
  let page: Page;
  let errors: string[] = [];
  const messages: string[] = [];
  const remoteRequests: string[] = [];
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    errors = collectPageErrors(page);
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    page.on('request', (request) => {
      if (new URL(request.url()).port !== new URL(sharedSiteUrl()).port)
        remoteRequests.push(request.url());
    });
    await rememberServerElements(page);
  });
  test.afterAll(() => page.close());

  for (const path of [
    ...SITE_ROUTES.map((route) => route.path).filter((path) => !takesOverAtLoad(path)),
    '/no-such-page',
  ]) {
    const address = isUnlistedPage(path) ? `${path}?token=${LINK_TOKEN}` : path;
    // A route opened at its own address has its route table check here too, in the same visit (the
    // route table of shell-routes.spec.ts checks the others in a visit of their own).
    const route = findRoute(path);
    const routeTable = route && hydrationTestOpensAsIs(path) ? route : undefined;
    const name = `${address} ${routeTable ? 'renders its page inside the header and footer and ' : ''}is adopted as served: no mismatch, no element made anew`;
    test(name, async () => {
      for (const notes of [errors, messages, remoteRequests]) notes.length = 0;
      await page.goto(sharedSiteUrl() + address);
      await waitForHydrated(page, 'header button');
      // Until the visitor uses the page, its part is the server's HTML and its code does not load.
      await page.waitForLoadState('networkidle');
      // (On a short page, as on the error page, the footer's form is near enough to load at once.)
      const pageChunk = (url: string) => !!route && url.includes(exposedChunk(route.page.expose));
      expect(remoteRequests.filter(pageChunk)).toEqual([]);
      await page.getByRole('main').hover();
      await waitForHydrated(page, 'main h1');
      if (route) expect(remoteRequests.filter(pageChunk)).toHaveLength(1);
      await expect(page.locator('[data-remote-failure]')).toHaveCount(0);

      expect(await differencesFromServer(page)).toEqual({ dropped: [], made: [] });
      await expect(page.locator('title')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(
        path === '/no-such-page' ? 0 : 1,
      );
      await expect(page.locator('style[data-styled]')).toHaveCount(1);
      if (routeTable) await expectRoutePage(page, routeTable);
      // The error page itself is answered with 404, which Chromium logs.
      expect(
        messages.filter(
          (message) => !(path === '/no-such-page' && message.includes('status of 404')),
        ),
      ).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test('the console loads its code at once, without waiting to be used, and asks staff to sign in', async ({
  page,
}) => {
  // Its HTML can only say it is checking the sign-in: the session lives in the browser.
  await page.goto(`${sharedSiteUrl()}/console`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const main = page.getByRole('main');
  await expect(main.getByRole('form', { name: 'Sign in to the console' })).toBeVisible();
});

test("the privacy page opened from its mail link loads its code at once and shows the link's page", async ({
  page,
}) => {
  // Its HTML (the request form) cannot know the link: the page's code must not wait for the visitor.
  await page.goto(`${sharedSiteUrl()}/privacy/erase?action=erase&token=${LINK_TOKEN}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Delete your data' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Delete my data' })).toBeEnabled();
});

test("the shell's scripts that start a prerendered page carry each module once", async ({
  page,
}) => {
  // rspack's runtime hands every chunk it loads to the push it found on this array before its own:
  // [chunk ids, modules by id]. (The shell starts in steps, one chunk group each: a module two steps
  // need must be in one chunk, not copied into both; tools/mf-config/src/app-config.ts.)
  await page.addInitScript(() => {
    const modulesByChunk: string[][] = [];
    const chunks: unknown[] = [];
    chunks.push = function (...items: unknown[]) {
      for (const item of items) modulesByChunk.push(Object.keys((item as [unknown, object])[1]));
      return Array.prototype.push.apply(this, items);
    };
    Object.assign(window, { rspackChunkagentora_shell: chunks, modulesByChunk });
  });
  await page.goto(`${sharedSiteUrl()}/community`);
  await waitForHydrated(page, 'header button');
  await page.getByRole('main').hover();
  await waitForHydrated(page, 'main h1');
  const modulesByChunk = await page.evaluate(
    () => (window as unknown as { modulesByChunk: string[][] }).modulesByChunk,
  );
  expect(modulesByChunk.length).toBeGreaterThan(3);
  const modules = modulesByChunk.flat();
  expect(modules.filter((module, index) => modules.indexOf(module) !== index)).toEqual([]);
});

test('on a phone the first layout covers the first screen: the bands below it and the footer wait until the visitor nears them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${sharedSiteUrl()}/`);
  // Rendered = not inside a content-visibility:auto subtree the browser is skipping.
  const drawn = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn('main h1')).toBe(true);
  expect(await drawn('section#roadmap h2')).toBe(false);
  expect(await drawn('footer h2')).toBe(false);
  await page.locator('section#roadmap').scrollIntoViewIfNeeded();
  await expect.poll(() => drawn('section#roadmap h2')).toBe(true);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => drawn('footer h2')).toBe(true);
  // The footer's form still loads as it nears the viewport (it is observed inside the skipped footer).
  await expect(
    page
      .getByRole('contentinfo')
      .getByRole('textbox', { name: 'Email address for the newsletter' }),
  ).toBeVisible();
});

test("the file input's own button is set in the page's font, not the browser's control font", async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/careers`);
  const fonts = await page.locator('input[type=file]').evaluate((input) => ({
    button: getComputedStyle(input, '::file-selector-button').fontFamily,
    page: getComputedStyle(document.body).fontFamily,
  }));
  expect(fonts.button).toBe(fonts.page);
});
