import { expect, test } from '@playwright/test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { ARTICLES, articlePath } from '@agentora/data';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

// Every article at its own address (libs/data/src/site/articles.ts gives the list): a prerendered
// page with its own meta tags, social card and structured data; a feed and a sitemap that name them.

/** A site URL's path, fetched from the site under test (the tags name the production origin). */
const local = (url: string) => sharedSiteUrl() + new URL(url).pathname;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("an article's address shows the article, with its card and BlogPosting", async ({
    page,
    request,
  }) => {
    const article = ARTICLES[2];
    const response = await page.goto(sharedSiteUrl() + articlePath(article.slug));
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(main.getByText(article.excerpt)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(main.getByRole('complementary', { name: 'About the Author' })).toContainText(
      article.author.name,
    );
    // Back to Blog is a link: without JavaScript it still leads to the list.
    await expect(main.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      datePublished: article.date,
      author: { '@type': 'Person', name: article.author.name },
      url: `https://agentora.ai/blog/${article.slug}`,
    });

    const card = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(card).toBe(jsonLd.image);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', card!);
    const png = await request.get(local(card!));
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('an unknown article gets the error page with status 404', async ({ page }) => {
    const response = await page.goto(`${sharedSiteUrl()}/blog/no-such-article`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test('the list links every article to its address, and links the feed in its head', async ({
    page,
  }) => {
    await page.goto(`${sharedSiteUrl()}/blog`);
    for (const article of ARTICLES)
      await expect(page.getByRole('link', { name: article.title, exact: true })).toHaveAttribute(
        'href',
        articlePath(article.slug),
      );
    await expect(page.locator('head link[rel="alternate"]')).toHaveAttribute(
      'type',
      'application/rss+xml',
    );
    await expect(page.locator('head link[rel="alternate"]')).toHaveAttribute(
      'href',
      '/blog/rss.xml',
    );
  });
});

test('the feed parses with its five items, each leading to its article', async ({ request }) => {
  const response = await request.get(`${sharedSiteUrl()}/blog/rss.xml`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const feed = parseFeed(await response.text());
  expect(feed.meta.type).toBe('rss');
  expect(feed.items.map((item) => item.title)).toEqual(ARTICLES.map((article) => article.title));
  for (const item of feed.items) {
    const page = await request.get(local(item.url!));
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(`<title>${item.title!.replace(/&/g, '&amp;')}`);
  }
});

test('the sitemap lists every article with its lastmod', async ({ request }) => {
  const sitemap = await (await request.get(`${sharedSiteUrl()}/sitemap.xml`)).text();
  for (const article of ARTICLES)
    expect(sitemap).toContain(
      `<loc>https://agentora.ai/blog/${article.slug}</loc><lastmod>${article.date}</lastmod>`,
    );
});
