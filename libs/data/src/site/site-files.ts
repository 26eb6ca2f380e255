// The files that tell search engines and feed readers about the site, written into the shell's build
// from the route table and the article list (apps/shell/rspack.config.ts), so a new route or article
// is in the sitemap and the feed without another edit.
// Node runs this file as it is: relative imports keep their .ts extension.
import { ARTICLES, articleModified, type Article } from './articles.ts';
import { BRAND, SITE_URL } from './constants.ts';
import { articlePath, PATHS, SITE_FILES } from './paths.ts';
import { INDEXED_ROUTES, canonicalUrl, findRoute, type SiteRoute } from './routes.ts';

/** Text for XML element content or a quoted attribute. */
function xmlText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * sitemap.xml: the canonical URL of every route search engines should know; an article's entry has
 * its lastmod (the day it last changed). Other pages have none: a date the site cannot vouch for
 * would only teach crawlers to ignore the field.
 */
export function sitemapXml(routes: readonly SiteRoute[] = INDEXED_ROUTES): string {
  const urls = routes.map((route) => {
    const lastmod = route.article ? `<lastmod>${articleModified(route.article)}</lastmod>` : '';
    return `  <url><loc>${xmlText(canonicalUrl(route.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: every crawler may read everything, and finds the sitemap. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}${SITE_FILES.sitemap}\n`;
}

/** An ISO date (YYYY-MM-DD) as RSS wants it (RFC 822), at midnight UTC. */
export function rfc822Date(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString();
}

/** The feed's title: what a feed reader lists it as. */
export const BLOG_FEED_TITLE = `${BRAND} Blog`;

/**
 * The blog's RSS 2.0 feed: every article, newest first, linking to its own address. Built from the
 * article list alone, so the same list gives the same bytes (lastBuildDate is the newest article's
 * date, not the time of the build).
 */
export function blogFeedXml(articles: readonly Article[] = ARTICLES): string {
  const newestFirst = [...articles].sort((a, b) => b.date.localeCompare(a.date));
  const newest = newestFirst[0];
  const items = newestFirst.map((article) => {
    const url = canonicalUrl(articlePath(article.slug));
    return [
      '    <item>',
      `      <title>${xmlText(article.title)}</title>`,
      `      <link>${xmlText(url)}</link>`,
      `      <guid isPermaLink="true">${xmlText(url)}</guid>`,
      `      <description>${xmlText(article.excerpt)}</description>`,
      `      <pubDate>${rfc822Date(article.date)}</pubDate>`,
      `      <dc:creator>${xmlText(article.author.name)}</dc:creator>`,
      `      <category>${xmlText(article.category)}</category>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlText(BLOG_FEED_TITLE)}</title>`,
    `    <link>${xmlText(canonicalUrl(PATHS.blog))}</link>`,
    `    <atom:link href="${xmlText(`${SITE_URL}${SITE_FILES.blogFeed}`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlText(findRoute(PATHS.blog)?.description ?? BLOG_FEED_TITLE)}</description>`,
    '    <language>en</language>',
    ...(newest
      ? [`    <lastBuildDate>${rfc822Date(articleModified(newest))}</lastBuildDate>`]
      : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The text files the shell's build writes, by their path in the build (no leading slash). */
export function searchEngineFiles(): Record<string, string> {
  return {
    [SITE_FILES.sitemap.slice(1)]: sitemapXml(),
    [SITE_FILES.robots.slice(1)]: robotsTxt(),
    [SITE_FILES.blogFeed.slice(1)]: blogFeedXml(),
  };
}
