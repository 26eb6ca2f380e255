// Where a visitor came from, as the site keeps it for the visit and every sign-up and application stores
// it (docs/growth.md): the campaign tags of the landing address, the referring site's host and the
// landing path. No cookie, no identifier and no IP address is part of it. The browser normalises with
// these functions, the functions check with them, and the tables' CHECK constraints
// (supabase/schemas/signups.sql and visits.sql) refuse anything else;
// supabase/tests/attribution-rules.test.ts holds the three to each other.

export const ATTRIBUTION_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'landing_path',
] as const;

export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** A visit's source; a field is absent when the visit did not say. */
export type Attribution = Partial<Record<AttributionField, string>>;

/** utm_source, utm_medium, utm_campaign: lowercase letters, digits and . _ ~ + -, starting with one of the first two. */
export const CAMPAIGN_TAG_MAX_LENGTH = 100;
export const CAMPAIGN_TAG_PATTERN = /^[a-z0-9][a-z0-9._~+-]{0,99}$/;

/** A DNS host name, lowercase, without port. */
export const HOST_MAX_LENGTH = 253;
export const HOST_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A site path without query or fragment. */
export const PATH_MAX_LENGTH = 200;
export const PATH_PATTERN = /^\/[A-Za-z0-9._~/-]{0,199}$/;

const PATTERNS: Readonly<Record<AttributionField, RegExp>> = {
  utm_source: CAMPAIGN_TAG_PATTERN,
  utm_medium: CAMPAIGN_TAG_PATTERN,
  utm_campaign: CAMPAIGN_TAG_PATTERN,
  referrer_host: HOST_PATTERN,
  landing_path: PATH_PATTERN,
};

/**
 * A campaign tag as stored: trimmed, lowercase, runs of spaces as one '-', other characters dropped, at
 * most 100 characters. "Launch Post" and "launch-post" are one source. undefined when nothing is left.
 */
export function campaignTag(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const tag = raw
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._~+-]/g, '')
    .replace(/^[._~+-]+/, '')
    .slice(0, CAMPAIGN_TAG_MAX_LENGTH);
  return CAMPAIGN_TAG_PATTERN.test(tag) ? tag : undefined;
}

/**
 * The host of the page that linked here (document.referrer), or undefined when there was none, it was
 * not an http(s) page, or it is this site itself (moving between pages is not a source).
 */
export function referrerHost(
  referrer: string | null | undefined,
  ownHost: string,
): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === ownHost.toLowerCase() || !HOST_PATTERN.test(host)) return undefined;
  return host;
}

/** A path as stored; undefined for one with characters a route never has, or too long. */
export function landingPath(pathname: string | null | undefined): string | undefined {
  if (typeof pathname !== 'string') return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATH_PATTERN.test(path) ? path : undefined;
}

/**
 * A received attribution, checked strictly (the sender normalised it already): an object with only the
 * known fields, each a string of its shape. null for anything else; {} when nothing is known.
 */
export function checkAttribution(value: unknown): Attribution | null {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const checked: Attribution = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (!(ATTRIBUTION_FIELDS as readonly string[]).includes(key)) return null;
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string' || !PATTERNS[key as AttributionField].test(field)) return null;
    checked[key as AttributionField] = field;
  }
  return checked;
}

/** The source a console groups by: the campaign's utm_source, else the referring host, else direct. */
export const DIRECT_SOURCE = 'direct';
