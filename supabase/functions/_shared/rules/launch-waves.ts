// Launch day (docs/launch-waves.md): staff let a list in by waves, each invitee gets a link into the
// product, and the product redeems it with redeem-invite. These are the numbers and names the console,
// the mail and the function share; the database holds the same numbers (private.launch_wave_rules() in
// supabase/schemas/launch-waves.sql), which supabase/tests/launch-waves.test.ts holds equal to these.

import type { LineList } from './places.ts';

export const LAUNCH_WAVES = {
  /** The most a wave invites: "the next N" takes 1 to this, "everyone up to place P" no more than this. */
  maxWave: 10_000,
  /** The most rows a wave of chosen rows names (the console's largest page). */
  maxChosen: 200,
  /** How long an invitation's link works, from the moment the wave invites. */
  inviteDays: 30,
  /** A reminder goes this many days after the wave starts, at the earliest and the latest. */
  reminderDays: { min: 1, max: 29 },
} as const;

/** How a wave picks its invitees. */
export const WAVE_RULES = ['next', 'up_to', 'chosen'] as const;
export type WaveRule = (typeof WAVE_RULES)[number];

/**
 * Why a member a wave passes over is not invited, in the order a member with several reasons is
 * counted under the first: invited by an earlier wave, not confirmed, unsubscribed from the list, their
 * mailbox bounced for good or complained, or (chosen rows) not on the list at all.
 */
export const SKIP_REASONS = [
  'already_invited',
  'unconfirmed',
  'unsubscribed',
  'bounced',
  'complained',
  'not_on_list',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Where an invitation stands, as the lists, the export and a wave's funnel show it: queued (its mail not
 * yet sent), mailed (Resend took it), delivered, bounced, complained, failed (the queue gave up on it),
 * joined (the product redeemed its link), expired (its link ran out unused), or no_link (invited by the
 * console's "Invite selected" before waves: that mail carried no link into the product).
 */
export const INVITE_STATES = [
  'queued',
  'mailed',
  'delivered',
  'bounced',
  'complained',
  'failed',
  'joined',
  'expired',
  'no_link',
] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** The function the product calls, server to server, with the project's secret key. */
export const REDEEM_INVITE_FUNCTION = 'redeem-invite';

/** The query parameter of the invitation's link into the product: `PRODUCT_URL?invite=<token>`. */
export const INVITE_PARAM = 'invite';

/** The lists a wave invites. */
export type WaveList = LineList;
