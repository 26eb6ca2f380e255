// The site's pages that email links open. The functions are deployed on their own and cannot import
// libs/data, so these must equal the route table's paths (libs/data/src/site/routes.ts), which a libs/data
// test asserts.
import { REFERRAL_PARAM, type LineList } from './places.ts';

export const EMAIL_PAGE_PATHS = {
  confirm: '/email/confirm',
  unsubscribe: '/email/unsubscribe',
  privacy: '/privacy/erase',
  /** A confirmed sign-up's place in line, from the signed link in its mail. */
  place: '/email/place',
} as const;

/** Where a referral link of each line lands: the page with that list's form. */
export const REFERRAL_LANDING_PATHS: Readonly<Record<LineList, string>> = {
  early_access: '/',
  waitlist: '/coming-soon',
};

/** A referral link's path and query, e.g. /coming-soon?ref=0123456789abcdef. */
export function referralPath(list: LineList, code: string): string {
  return `${REFERRAL_LANDING_PATHS[list]}?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}
