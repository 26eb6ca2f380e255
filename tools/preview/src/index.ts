export { startStaticSite, type StaticSite, type StaticSiteOptions } from './static-server.ts';
export { startPreviewSite, APP_NAMES, type AppName, type PreviewSite, type PreviewSiteOptions, type RuntimeConfigJson } from './site.ts';
export { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-policy.ts';
