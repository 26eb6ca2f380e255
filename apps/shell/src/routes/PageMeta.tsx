import { canonicalUrl } from '@agentora/data/routes';

/**
 * Per-route document title, description and canonical URL, and `noindex` for the pages of mail links;
 * React 19 hoists these into <head>.
 */
export function PageMeta({
  title,
  description,
  path,
  noindex,
}: {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
}) {
  const url = canonicalUrl(path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content="website" />
    </>
  );
}
