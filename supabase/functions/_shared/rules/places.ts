// A place in line for the early-access list and the waitlist, and what a referral does to it
// (docs/growth.md). The rules themselves live in SQL (supabase/schemas/places.sql, the credit in
// referrals.sql), where a place is read from the line kept with the rows (private.line_place; the line
// in line.sql); these are the numbers the pages and mails print, which
// supabase/tests/place-rules.test.ts holds equal to the database's.

/** The lists that keep a line. */
export const LINE_LISTS = ['early_access', 'waitlist'] as const;
export type LineList = (typeof LINE_LISTS)[number];

export const isLineList = (value: unknown): value is LineList =>
  value === 'early_access' || value === 'waitlist';

/** A confirmed line sign-up's place now (recomputed at every read), and the code of its referral link. */
export interface PlaceInLine {
  position: number;
  referralCode: string;
}

/** The places each credited referral moves its referrer up (docs/growth.md says why ten). */
export const PLACES_PER_REFERRAL = 10;

/** The early access the site promises: the first 1,000. */
export const FIRST_PLACES = 1000;

/** Referred sign-ups that may earn credit per hour, per client address and per referral code. */
export const REFERRAL_CAPS = { perClientAddressPerHour: 3, perCodePerHour: 10 } as const;

/** A referral code: 16 lowercase hex digits (64 random bits), made by the database. */
export const REFERRAL_CODE_PATTERN = /^[0-9a-f]{16}$/;

/** The query parameter of a referral link. */
export const REFERRAL_PARAM = 'ref';

const count = (value: number) => value.toLocaleString('en-US');

/** "#312 of the first 1,000", or "#1,312 in line" past them. */
export function placeText(position: number): string {
  return position <= FIRST_PLACES
    ? `#${count(position)} of the first ${count(FIRST_PLACES)}`
    : `#${count(position)} in line`;
}

/** What a referral is worth, in the words of the page and the mail. */
export const REFERRAL_OFFER = `Each friend who joins through your link and confirms their email moves you up ${PLACES_PER_REFERRAL} places.`;

/**
 * When the console flags a referral code as suspected of farming (docs/console.md, "Referrals"): when
 * `minHeld` or more of its referrals were held, or when `minSettled` or more were made `settleHours` or
 * more ago and under `minConfirmedShare` of those are confirmed (a confirmation mail is answered within a
 * day, or it is a made-up address). public.console_referrals takes them from
 * private.suspected_farming_rules() (supabase/schemas/referrals.sql), which
 * supabase/tests/console-growth.test.ts holds equal to these.
 */
export const SUSPECTED_FARMING = {
  minHeld: 3,
  minSettled: 5,
  settleHours: 24,
  minConfirmedShare: 0.5,
} as const;
