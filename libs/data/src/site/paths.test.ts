/** @jest-environment node */
import { ARTICLES } from './articles';
import { articlePath, PATHS, type SitePath } from './paths';
import { findRoute, SITE_ROUTES } from './routes';

describe('the paths of the site', () => {
  it('are the route table’s, one route each: every named path and every article', () => {
    expect(SITE_ROUTES.map((route) => route.path).sort()).toEqual(
      [...Object.values(PATHS), ...ARTICLES.map((article) => articlePath(article.slug))].sort(),
    );
  });

  it("give each article its address under the blog, with the article's own title", () => {
    const [first] = ARTICLES;
    expect(articlePath(first.slug)).toBe('/blog/ai-agent-economy-2026-market-analysis');
    expect(findRoute('/blog/ai-agent-economy-2026-market-analysis/')).toMatchObject({
      title: 'The AI Agent Economy in 2026: A Market Analysis | Agentora Blog',
      description: first.excerpt,
      page: { remote: 'content', expose: './BlogArticlePage' },
      article: first,
    });
    expect(findRoute('/blog/no-such-article')).toBeUndefined();
  });

  it('type every link: a made-up path does not compile', () => {
    // Each line below must fail the typecheck; if one compiled, its directive would be unused and
    // `tsc` would fail instead.
    // @ts-expect-error: not a path of the site
    const madeUp: SitePath = '/made-up';
    // @ts-expect-error: not a route name
    const unknownName = PATHS.madeUp;
    // @ts-expect-error: not an article of the site
    const madeUpArticle: SitePath = '/blog/made-up';
    // @ts-expect-error: not an article's slug
    const unknownSlug = articlePath('made-up');
    const known: SitePath = PATHS.comingSoon;
    const article: SitePath = '/blog/pricing-your-ai-agent';
    expect([madeUp, unknownName, madeUpArticle, unknownSlug, known, article]).toEqual([
      '/made-up',
      undefined,
      '/blog/made-up',
      '/blog/made-up',
      '/coming-soon',
      '/blog/pricing-your-ai-agent',
    ]);
  });
});
