import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Supabase Auth's check of a redirect target: back to the site (scheme and host, any port on
 * loopback), a loopback IP, or one of the allowed URLs (exactly; hosted Supabase also takes globs).
 */
function isAllowed(target: string, siteUrl: string, allowList: readonly string[]): boolean {
  const site = parse(siteUrl);
  const url = parse(target);
  if (!site || !url) return false;
  if (
    url.hostname === site.hostname &&
    url.protocol === site.protocol &&
    (url.port === site.port || LOOPBACK_NAMES.has(url.hostname))
  ) {
    return true;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return host === '::1' || host.startsWith('127.');
  return allowList.includes(target);
}

/**
 * Where a mail's links may lead (the hook's `redirect_to`): the request's redirect_to, else its Referer,
 * when allowed; else the site.
 */
export function redirectTarget(
  requested: string | null,
  referer: string | undefined,
  siteUrl: string,
  allowList: readonly string[],
): string {
  for (const candidate of [requested, referer]) {
    if (candidate && isAllowed(candidate, siteUrl, allowList)) return candidate;
  }
  return siteUrl;
}
