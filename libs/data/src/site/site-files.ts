// The files that tell search engines about the site, written into the shell's build from the route
// table (apps/shell/rspack.config.ts), so a new route is in the sitemap without another edit.
// Node runs this file as it is: relative imports keep their .ts extension.
import { SITE_URL } from './constants.ts';
import { INDEXED_ROUTES, canonicalUrl, type SiteRoute } from './routes.ts';

/** sitemap.xml: the canonical URL of every route search engines should know. */
export function sitemapXml(routes: readonly SiteRoute[] = INDEXED_ROUTES): string {
  const urls = routes.map((route) => `  <url><loc>${canonicalUrl(route.path)}</loc></url>`);
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
  return `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`;
}

/** The files the shell's build writes, by name. */
export function searchEngineFiles(): Record<string, string> {
  return { 'sitemap.xml': sitemapXml(), 'robots.txt': robotsTxt() };
}
