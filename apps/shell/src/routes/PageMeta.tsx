import { canonicalUrl } from '@agentora/data/routes';

/**
 * Per-route document title, description and canonical URL; React 19 hoists these into <head>. A
 * page without a `path` of its own (the error page, served for every unknown address) gets no
 * canonical URL and asks search engines not to index it.
 */
export function PageMeta({ title, description, path }: { title: string; description: string; path?: string }) {
  const url = path === undefined ? undefined : canonicalUrl(path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex" />}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:type" content="website" />
    </>
  );
}
