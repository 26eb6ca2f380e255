// The console's lists and the statuses of an application's workflow: what the console shows and
// filters by, and what the export function accepts. The database checks the same values
// (supabase/schemas/console-lists.sql, the statuses' CHECK in signups.sql, the export in staff.sql).

import { CAMPAIGN_TAG_MAX_LENGTH, HOST_MAX_LENGTH } from './attribution.ts';

/** The sign-up lists, by the name the console's functions take (`p_form`). */
export const SIGNUP_FORMS = ['early_access', 'waitlist', 'newsletter'] as const;
export type SignupForm = (typeof SIGNUP_FORMS)[number];

/** The application statuses, in workflow order; the last three end it. */
export const APPLICATION_STATUSES = [
  'pending',
  'reviewing',
  'interviewing',
  'offer',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A source as the console groups and filters by it (private.source_label in supabase/schemas/visits.sql):
 * the visit's utm_source, else the referring site's host, else 'direct'. Both shapes are lowercase
 * campaign tags or host names (rules/attribution.ts), so one pattern covers them, as long as the longer
 * of them; the database checks the same (private.is_source_label, in the same file, which
 * supabase/tests/console-growth.test.ts holds to this pattern).
 */
export const SOURCE_MAX_LENGTH = Math.max(
  CAMPAIGN_TAG_MAX_LENGTH,
  HOST_MAX_LENGTH,
  'direct'.length,
);
export const SOURCE_PATTERN = new RegExp(`^[a-z0-9][a-z0-9._~+-]{0,${SOURCE_MAX_LENGTH - 1}}$`);
