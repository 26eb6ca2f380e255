export { startStaticSite, type StaticSite, type StaticSiteOptions } from './static-server.ts';
export { startPreviewSite, type PreviewSite, type PreviewSiteOptions } from './site.ts';
export { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-policy.ts';
