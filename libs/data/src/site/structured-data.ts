// Structured data (schema.org, as JSON-LD) for the pages that have some: an article is a
// BlogPosting, which is what search engines read for an article's headline, dates, author and
// picture. Built from the article list, so the page, the feed and the card say the same.
import { articleModified, type Article } from './articles.ts';
import { BRAND, SITE_URL } from './constants.ts';
import { articleCardPath, articlePath, SITE_FILES } from './paths.ts';
import { canonicalUrl } from './routes.ts';

/** The schema.org BlogPosting of an article. */
export function blogPostingJsonLd(article: Article): Record<string, unknown> {
  const url = canonicalUrl(articlePath(article.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: article.title,
    description: article.excerpt,
    image: `${SITE_URL}${articleCardPath(article.slug)}`,
    datePublished: article.date,
    dateModified: articleModified(article),
    author: { '@type': 'Person', name: article.author.name, jobTitle: article.author.role },
    publisher: {
      '@type': 'Organization',
      name: BRAND,
      url: SITE_URL,
      logo: { '@type': 'ImageObject', url: `${SITE_URL}${SITE_FILES.appleTouchIcon}` },
    },
    articleSection: article.category,
    keywords: article.tags.join(', '),
    inLanguage: 'en',
  };
}

/**
 * JSON for a <script type="application/ld+json">: its text ends the script at the first `</`, so
 * every `<` is written as its JSON escape (the data cannot close the element or open a comment).
 */
export function jsonLdScriptText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
