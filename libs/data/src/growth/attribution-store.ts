// Where this visit came from (docs/growth.md): recorded once, on the visit's first page, in the tab's
// sessionStorage, and read by every sign-up and application the visit sends. The shell's entry records it
// before anything else runs, so a form never reads it before it exists. Entry-chunk code: stateless
// imports only.
import {
  CAMPAIGN_TAG_PATTERN,
  HOST_PATTERN,
  PATH_PATTERN,
  campaignTag,
  landingPath,
  referrerHost,
  type Attribution,
  type AttributionField,
} from '@agentora/backend-rules/attribution';
import { REFERRAL_CODE_PATTERN, REFERRAL_PARAM } from '@agentora/backend-rules/places';

/** The sessionStorage key of the visit's source. */
export const ATTRIBUTION_KEY = 'agentora-attribution';

/** The source a referral link counts as when its address has no utm_source (docs/growth.md). */
export const REFERRAL_SOURCE = 'referral';

/** A visit's source, and the referral code of the link it came through, if any. */
export type VisitAttribution = Attribution & { referred_by?: string };

const PATTERNS: Readonly<Record<AttributionField | 'referred_by', RegExp>> = {
  utm_source: CAMPAIGN_TAG_PATTERN,
  utm_medium: CAMPAIGN_TAG_PATTERN,
  utm_campaign: CAMPAIGN_TAG_PATTERN,
  referrer_host: HOST_PATTERN,
  landing_path: PATH_PATTERN,
  referred_by: REFERRAL_CODE_PATTERN,
};

// This document's own record: what it captured, used when the tab's storage is blocked.
let captured: VisitAttribution | undefined;

/** The fields of `value` that have their shape; anything else is left out, never an error. */
function checked(value: unknown): VisitAttribution {
  const source: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return source;
  for (const [field, pattern] of Object.entries(PATTERNS)) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text === 'string' && pattern.test(text)) source[field] = text;
  }
  return source;
}

/** The source of a page opened at `location` from `referrer`, normalised as the tables store it. */
export function attributionOf(
  location: Pick<Location, 'search' | 'pathname' | 'hostname'>,
  referrer: string,
): VisitAttribution {
  const query = new URLSearchParams(location.search);
  const ref = query.get(REFERRAL_PARAM);
  const referredBy = ref !== null && REFERRAL_CODE_PATTERN.test(ref) ? ref : undefined;
  return checked({
    utm_source: campaignTag(query.get('utm_source')) ?? (referredBy && REFERRAL_SOURCE),
    utm_medium: campaignTag(query.get('utm_medium')),
    utm_campaign: campaignTag(query.get('utm_campaign')),
    referrer_host: referrerHost(referrer, location.hostname),
    landing_path: landingPath(location.pathname),
    referred_by: referredBy,
  });
}

function sameSite(referrer: string, hostname: string): boolean {
  try {
    return new URL(referrer).hostname === hostname;
  } catch {
    return false;
  }
}

/**
 * Records the visit's source if this is its first page (nothing stored yet); later pages never overwrite
 * it. Answers whether this page is the visit's first (its landing): a page opened from one of the site's
 * own pages is not, even in a new tab, whose storage starts empty. A browser that blocks storage keeps
 * the source for this page only, and each page it opens from another site counts as a landing.
 */
export function captureAttribution(
  location: Pick<Location, 'search' | 'pathname' | 'hostname'> = window.location,
  referrer: string = document.referrer,
): boolean {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
    if (storage.getItem(ATTRIBUTION_KEY) !== null) return false;
  } catch {
    storage = undefined;
  }
  captured = attributionOf(location, referrer);
  try {
    storage?.setItem(ATTRIBUTION_KEY, JSON.stringify(captured));
  } catch {
    // Full or blocked: this page still knows its source.
  }
  return !sameSite(referrer, location.hostname);
}

/** The visit's source for a sign-up or an application: {} when nothing is known. */
export function readAttribution(): VisitAttribution {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(ATTRIBUTION_KEY);
  } catch {
    // Blocked storage: what this page captured, if anything.
  }
  if (stored === null) return captured ?? {};
  try {
    return checked(JSON.parse(stored));
  } catch {
    return {};
  }
}

/** Forgets this document's record (tests run many visits in one document). */
export function resetAttribution(): void {
  captured = undefined;
}
