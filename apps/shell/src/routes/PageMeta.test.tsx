import { render } from '@testing-library/react';
import { ARTICLES, articlePath } from '@agentora/data';
import { findRoute } from '@agentora/data/routes';
import { PageMeta } from './PageMeta';

const meta = (key: string) =>
  document.head
    .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
    ?.getAttribute('content');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('PageMeta', () => {
  it("gives an article's page its card, its Open Graph article tags and its BlogPosting", () => {
    const article = ARTICLES[3];
    const route = findRoute(articlePath(article.slug))!;
    const { container } = render(
      <PageMeta
        title={route.title}
        description={route.description}
        path={route.path}
        article={route.article}
        feed={route.feed}
      />,
    );
    const url = 'https://agentora.ai/blog/inside-the-shared-global-compute-pool';
    const card = 'https://agentora.ai/og/blog/inside-the-shared-global-compute-pool.png';
    expect(document.title).toBe('Inside the Shared Global Compute Pool | Agentora Blog');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(meta('og:type')).toBe('article');
    expect(meta('og:url')).toBe(url);
    expect(meta('og:image')).toBe(card);
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
    expect(meta('article:published_time')).toBe('2025-09-16');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(card);
    expect(document.head.querySelector('link[rel="alternate"]')).toHaveAttribute(
      'href',
      '/blog/rss.xml',
    );

    const script = container.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script!.textContent!)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.excerpt,
      url,
      image: card,
      datePublished: '2025-09-16',
      dateModified: '2025-09-16',
      author: { '@type': 'Person', name: 'Sofia Martins' },
      publisher: { '@type': 'Organization', name: 'Agentora' },
    });
  });

  it("gives every other page the site's card, and no feed unless it is the blog", () => {
    render(<PageMeta title="About | Agentora" description="d" path="/about" />);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:image')).toBe('https://agentora.ai/og/site.png');
    expect(meta('twitter:image')).toBe('https://agentora.ai/og/site.png');
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('keeps structured data inside its script element whatever the data says', () => {
    const article = { ...ARTICLES[0], title: '</script><script>alert(1)</script>' };
    const { container } = render(<PageMeta title="t" description="d" article={article} />);
    const scripts = container.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent!).headline).toBe(article.title);
    expect(scripts[0]!.innerHTML).not.toContain('</');
  });
});
