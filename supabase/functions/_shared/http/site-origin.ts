import type { PublicUrls } from '../links/public-urls.ts';

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The browser origins whose pages may use the link functions: the site's own. A local site
 * (http://localhost:4200) is the same site under each loopback name on its port.
 */
export function siteOrigins(urls: PublicUrls): ReadonlySet<string> {
  const site = new URL(urls.siteUrl);
  if (!LOOPBACK_HOSTS.has(site.hostname)) return new Set([site.origin]);
  return new Set(
    [...LOOPBACK_HOSTS].map(
      (host) => `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`,
    ),
  );
}

/**
 * Whether a request may act: one without an Origin header (a mail provider's one-click POST, curl, a
 * server) or one from a page of the site. A token is the only credential these functions take, so a page
 * elsewhere gains nothing it could not do with curl; refusing it still keeps a token that leaked into
 * another site's page from being used by that page, and holds on hosted Supabase as locally.
 */
export function isFromSiteOrNoBrowser(request: Request, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.get('origin');
  return origin === null || allowed.has(origin);
}
