import { canonicalUrl } from '@agentora/data/routes';

/** Per-route document title, description and canonical URL; React 19 hoists these into <head>. */
export function PageMeta({ title, description, path }: { title: string; description: string; path: string }) {
  const url = canonicalUrl(path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content="website" />
    </>
  );
}
