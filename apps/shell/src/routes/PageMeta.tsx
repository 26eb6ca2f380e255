import { articleCardPath, SITE_FILES, SITE_URL, type Article } from '@agentora/data';
import { BLOG_FEED_TITLE } from '@agentora/data/site-files';
import { blogPostingJsonLd, jsonLdScriptText } from '@agentora/data/structured-data';
import { canonicalUrl } from '@agentora/data/routes';

/** Every social card is this size (tools/og-image). */
const CARD_SIZE = { width: '1200', height: '630' } as const;

/**
 * Per-route document title, description, canonical URL and social tags (Open Graph and Twitter,
 * with the page's social card); React 19 hoists these into <head>. A page without a `path` of its
 * own (the error page, served for every unknown address) gets no canonical URL, and it and the
 * pages of mail links (`noindex`) ask search engines not to index them. An article's page is an
 * `article` for Open Graph, has its own card, and carries its BlogPosting structured data; the blog
 * and its articles link the blog's feed.
 */
export function PageMeta({
  title,
  description,
  path,
  noindex,
  article,
  feed,
}: {
  title: string;
  description: string;
  path?: string;
  noindex?: boolean;
  article?: Article;
  feed?: boolean;
}) {
  const url = path === undefined ? undefined : canonicalUrl(path);
  const card = `${SITE_URL}${article ? articleCardPath(article.slug) : SITE_FILES.siteCard}`;
  const cardAlt = article ? article.title : title;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {(noindex || !url) && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      {feed && (
        <link
          rel="alternate"
          type="application/rss+xml"
          title={BLOG_FEED_TITLE}
          href={SITE_FILES.blogFeed}
        />
      )}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:image" content={card} />
      <meta property="og:image:width" content={CARD_SIZE.width} />
      <meta property="og:image:height" content={CARD_SIZE.height} />
      <meta property="og:image:alt" content={cardAlt} />
      {article && <meta property="article:published_time" content={article.date} />}
      {article && <meta property="article:author" content={article.author.name} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={card} />
      {article && (
        <script
          type="application/ld+json"
          // Our own data, escaped for a script element (structured-data.ts); never outside input.
          dangerouslySetInnerHTML={{ __html: jsonLdScriptText(blogPostingJsonLd(article)) }}
        />
      )}
    </>
  );
}
