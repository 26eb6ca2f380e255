import { parseFeed } from '@rowanmanning/feed-parser';
import { ARTICLES } from './articles';
import { INDEXED_ROUTES, SITE_ROUTES } from './routes';
import { blogFeedXml, rfc822Date, robotsTxt, searchEngineFiles, sitemapXml } from './site-files';

describe('search engine files', () => {
  it("lists the canonical URL of every route in sitemap.xml, once each, but the mail links' pages and the console", () => {
    const locations = [...sitemapXml().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(INDEXED_ROUTES.length);
    expect(INDEXED_ROUTES.length).toBe(SITE_ROUTES.length - 4);
    expect(locations).not.toContain('https://agentora.ai/email/confirm');
    expect(locations).not.toContain('https://agentora.ai/email/unsubscribe');
    expect(locations).not.toContain('https://agentora.ai/email/place');
    expect(locations).not.toContain('https://agentora.ai/console');
    expect(locations).toContain('https://agentora.ai/privacy/erase');
    expect(locations).toContain('https://agentora.ai');
    expect(locations).toContain('https://agentora.ai/careers');
    expect(new Set(locations).size).toBe(locations.length);
  });

  it('lists every article with its lastmod, and no lastmod for the other pages', () => {
    const entries = [...sitemapXml().matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]);
    const withDates = entries.filter((entry) => entry.includes('<lastmod>'));
    expect(withDates).toEqual(
      ARTICLES.map(
        (article) =>
          `<loc>https://agentora.ai/blog/${article.slug}</loc><lastmod>${article.date}</lastmod>`,
      ),
    );
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
    expect(Object.keys(searchEngineFiles()).sort()).toEqual([
      'blog/rss.xml',
      'robots.txt',
      'sitemap.xml',
    ]);
  });
});

describe('the blog feed', () => {
  it('parses as RSS 2.0 with the five articles, newest first, each at its own address', () => {
    const feed = parseFeed(blogFeedXml());
    expect(feed.meta).toEqual({ type: 'rss', version: '2.0' });
    expect(feed.title).toBe('Agentora Blog');
    expect(feed.url).toBe('https://agentora.ai/blog');
    expect(feed.self).toBe('https://agentora.ai/blog/rss.xml');
    expect(feed.language).toBe('en');
    expect(feed.updated).toEqual(new Date('2025-10-28T00:00:00Z'));
    expect(feed.items).toHaveLength(5);
    expect(
      feed.items.map((item) => ({
        title: item.title,
        url: item.url,
        id: item.id,
        description: item.description,
        published: item.published?.toISOString().slice(0, 10),
        authors: item.authors.map((author) => author.name),
        categories: item.categories.map((category) => category.label),
      })),
    ).toEqual(
      ARTICLES.map((article) => ({
        title: article.title,
        url: `https://agentora.ai/blog/${article.slug}`,
        id: `https://agentora.ai/blog/${article.slug}`,
        description: article.excerpt,
        published: article.date,
        authors: [article.author.name],
        categories: [article.category],
      })),
    );
  });

  it('escapes what XML would read as markup, and the parser reads it back as written', () => {
    const [first] = ARTICLES;
    const tricky = { ...first, title: 'Agents <b>& "bots"</b> \u2014 it\'s <![CDATA[ fine' };
    const feed = parseFeed(blogFeedXml([tricky]));
    expect(feed.items[0]?.title).toBe(tricky.title);
  });

  it('dates items as RFC 822 says, in UTC', () => {
    expect(rfc822Date('2025-09-02')).toBe('Tue, 02 Sep 2025 00:00:00 GMT');
  });
});
