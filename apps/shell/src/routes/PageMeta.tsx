import { canonicalUrl } from '@agentora/data/routes';

/**
 * Per-route document title, description and canonical URL; React 19 hoists these into <head>. A
 * page without a `path` of its own (the error page, served for every unknown address) gets no
 * canonical URL, and it and the pages of mail links (`noindex`) ask search engines not to index them.
 */
export function PageMeta({
  title,
  description,
  path,
  noindex,
}: {
  title: string;
  description: string;
  path?: string;
  noindex?: boolean;
}) {
  const url = path === undefined ? undefined : canonicalUrl(path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {(noindex || !url) && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:type" content="website" />
    </>
  );
}
