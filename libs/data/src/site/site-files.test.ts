import { INDEXED_ROUTES, SITE_ROUTES } from './routes';
import { robotsTxt, searchEngineFiles, sitemapXml } from './site-files';

describe('search engine files', () => {
  it("lists the canonical URL of every route in sitemap.xml, once each, but the mail links' pages", () => {
    const locations = [...sitemapXml().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(INDEXED_ROUTES.length);
    expect(INDEXED_ROUTES.length).toBe(SITE_ROUTES.length - 2);
    expect(locations).not.toContain('https://agentora.ai/email/confirm');
    expect(locations).not.toContain('https://agentora.ai/email/unsubscribe');
    expect(locations).toContain('https://agentora.ai/privacy/erase');
    expect(locations).toContain('https://agentora.ai');
    expect(locations).toContain('https://agentora.ai/careers');
    expect(new Set(locations).size).toBe(locations.length);
  });

  it('writes a well-formed sitemap for any table', () => {
    expect(
      sitemapXml([
        {
          path: '/about',
          title: 't',
          description: 'd',
          page: { remote: 'content', expose: './AboutPage' },
        },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://agentora.ai/about</loc></url>\n</urlset>\n',
    );
  });

  it('lets crawlers in and points them at the sitemap', () => {
    expect(robotsTxt()).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://agentora.ai/sitemap.xml\n',
    );
    expect(Object.keys(searchEngineFiles()).sort()).toEqual(['robots.txt', 'sitemap.xml']);
  });
});
