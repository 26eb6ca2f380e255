// What the console's database functions answer (the public.console_* functions of supabase/schemas): one
// place for their shapes, read by the API calls and the views. The lists, statuses and limits they
// are made of are the backend's rules, imported from @agentora/data/console-lists where used.

import type {
  ApplicationStatus,
  InviteState,
  SignupForm,
  SkipReason,
  WaveList,
  WaveRule,
} from '@agentora/data/console-lists';

/** The moves the workflow allows from each status (the database checks them again). */
export const NEXT_STATUSES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  pending: ['reviewing', 'rejected', 'withdrawn'],
  reviewing: ['interviewing', 'rejected', 'withdrawn'],
  interviewing: ['offer', 'rejected', 'withdrawn'],
  offer: [],
  rejected: [],
  withdrawn: [],
};

/** Where a row came from: its source label ('direct' when nothing was recorded) and landing page. */
export interface Attributed {
  source: string;
  landing_path: string | null;
}

/**
 * What became of a row's mail (console_mail_states): in the queue, handed to Resend (sent), then what
 * Resend reported, by meaning rather than by the last event to arrive (delivered, delayed, soft_bounced
 * for a bounce that is not permanent, bounced for one that is, complained); suppressed when it was never
 * sent because its address had bounced or its mailbox complained; withheld when it was never sent because
 * its person had had the day's unconfirmed mail (docs/security.md, "Mail nobody confirmed: one budget
 * per person"); failed when the queue gave up on it.
 */
export type MailState =
  | 'queued'
  | 'sent'
  | 'delivered'
  | 'delayed'
  | 'soft_bounced'
  | 'bounced'
  | 'complained'
  | 'suppressed'
  | 'withheld'
  | 'failed';

/** Why an address gets no more mail: it bounced for good, or its mailbox complained. */
export type SuppressionReason = 'bounced' | 'complained';

export interface MailDelivery {
  state: MailState;
  /** Set when the row's address is suppressed, with the reason. */
  suppressed: SuppressionReason | null;
}

/** A row's mail, as merged into the list's page: undefined when the database knows nothing of it. */
export interface WithMail {
  mail?: MailDelivery;
}

/**
 * Whether Resend has a confirmed row's contact (console_audience_states): in the list's segment; kept
 * unsubscribed (its mailbox bounced or complained); a change waiting; failed (with Resend's words);
 * absent (no contact yet: before the backfill).
 */
export type AudienceState = 'in_segment' | 'unsubscribed' | 'waiting' | 'failed' | 'absent';

export interface AudienceMembership {
  state: AudienceState;
  reason: string | null;
}

/** A row's contact in Resend, as merged into the list's page: undefined for an unconfirmed row. */
export interface WithAudience {
  audience?: AudienceMembership;
}

/** One list's segment in Resend (console_audience). */
export interface AudienceListSummary {
  list: SignupForm;
  name: string;
  /** Resend's id; null until the sync finds or makes it. */
  segment_id: string | null;
  /** The last failure finding or making the segment. */
  segment_error: string | null;
  /** Contacts the site made the segment hold. */
  contacts: number;
  waiting: number;
  failed: number;
  /** The dead changes' reasons, the most frequent first (at most 10). */
  failures: Array<{ reason: string; count: number }>;
}

export interface AudienceOverview {
  lists: AudienceListSummary[];
  /** The backfill's look at what Resend already held. */
  scan: {
    requested_at: string | null;
    pages: number;
    done_at: string | null;
    gave_up: boolean;
    last_error: string | null;
  };
  oldest_waiting: string | null;
}

export interface SignupRow extends Attributed, WithMail, WithAudience {
  id: string;
  email: string;
  created_at: string;
  confirmed_at: string | null;
  // The waitlist's own fields (null on the other lists).
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  role?: string | null;
  company_size?: string | null;
  use_case?: string | null;
  hear_about?: string | null;
  // A member's invitation by a launch wave (early access and the waitlist; null when not invited).
  invited_at?: string | null;
  invite_wave?: number | null;
  invite_state?: InviteState | null;
  joined_at?: string | null;
}

export interface ApplicationRow extends Attributed, WithMail {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  created_at: string;
  status: ApplicationStatus;
  current_role: string | null;
  location: string | null;
  resume_filename: string | null;
}

export interface Page<Row> {
  total: number;
  rows: Row[];
}

export interface DayCount {
  day: string;
  form: SignupForm | 'career';
  count: number;
}

export interface StatusChange {
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  note: string | null;
  changed_by: string;
  changed_at: string;
}

/** Every field of an application, as the applicant sent it, and its status history. */
export interface ApplicationDetail extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: ApplicationStatus;
  created_at: string;
  resume_filename: string | null;
  history: StatusChange[];
}

/** Visits and sign-ups of one source (and, per day, of one day): console_growth. */
export interface SourceCounts {
  source: string;
  views: number;
  landings: number;
  signups: number;
  confirmed: number;
}

export interface GrowthReport {
  per_day: (SourceCounts & { day: string })[];
  sources: SourceCounts[];
  /** path null: sign-ups that recorded no landing page. */
  landing_pages: { path: string | null; landings: number; signups: number; confirmed: number }[];
}

export type ReferralList = 'early_access' | 'waitlist';

/** One referral code's referred sign-ups in the range: console_referrals. */
export interface ReferralRow {
  list: ReferralList;
  /** null once the referrer's sign-up is gone (erased); their referred rows stay. */
  email: string | null;
  referral_code: string;
  /** The referrer's place in line now; null unless confirmed. */
  place: number | null;
  referred: number;
  confirmed: number;
  credited: number;
  held_self: number;
  held_address_cap: number;
  held_code_cap: number;
  held_disposable: number;
  unconfirmed: number;
  suspected: boolean;
  /** Why it is suspected: 'held' (3 or more held referrals), 'unconfirmed' (5 or more, under half confirmed after a day). */
  suspected_because: ('held' | 'unconfirmed')[];
}

/** One day's count of one kind of CSP violation of one release: console_csp_violations. */
export interface CspViolationRow {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  release: string;
  directive: string;
  /** A keyword ('inline', 'eval', 'data', …), a scheme, or an origin: never a path or query. */
  blocked: string;
  /** The page's path, without query or fragment. */
  page: string;
  /** The browser's sample, up to 40 characters as it sent them: text, never markup. */
  sample: string;
  count: number;
}

/** A page of the kept days' counts, with their totals over all pages. */
export interface CspViolationPage extends Page<CspViolationRow> {
  /** The reports the rows of all pages count together. */
  reports: number;
  /** The first day kept (UTC), YYYY-MM-DD. */
  from: string;
}

/**
 * One suppression: console_mail_suppressions. A bounce suppresses the one address that bounced, a
 * complaint every address of its mailbox.
 */
export interface MailSuppressionRow {
  /**
   * The address from a sign-up or application it covers (a bounce's own address, a complaint's any of
   * the mailbox's); null when none holds it.
   */
  email: string | null;
  reason: SuppressionReason;
  suppressed_at: string;
}

/** A page of the suppressions, with the counts of the whole list. */
export interface MailSuppressionPage extends Page<MailSuppressionRow> {
  bounced: number;
  complained: number;
  /** Messages the suppressions kept from being sent (kept 30 days as dead letters). */
  suppressed_messages: number;
}

export interface Whoami {
  email: string | null;
  staff: boolean;
}

/** What a wave's decision found (console_invite_wave, and a started wave's outcome). */
export interface WaveDecision {
  invited: number;
  first_place: number | null;
  last_place: number | null;
  /** Members passed over, by why, and their total. */
  skipped: Record<SkipReason | 'total', number>;
  /** The fingerprint of exactly who, in order: a send may be held to it. */
  plan: string;
}

/** console_invite_wave's answer: the wave (none for a dry run), what was asked, and the decision. */
export interface WaveAnswer extends WaveDecision {
  wave: number | null;
  status: 'scheduled' | 'started' | null;
  dry_run: boolean;
  list: WaveList;
  rule: WaveRule;
  starts_at: string;
  remind_after_days: number | null;
}

/** A wave's invitations now: how many of them are at each step. */
export interface WaveFunnel {
  invited: number;
  queued: number;
  mailed: number;
  delivered: number;
  bounced: number;
  complained: number;
  failed: number;
  joined: number;
  reminded: number;
  expired: number;
}

/** A wave as console_waves lists it. */
export interface WaveRow {
  id: number;
  list: WaveList;
  /** 'before_waves': members the console's "Invite selected" invited before waves existed. */
  rule: WaveRule | 'before_waves';
  count: number | null;
  up_to_place: number | null;
  chosen: number | null;
  status: 'scheduled' | 'cancelled' | 'started';
  starts_at: string;
  remind_after_days: number | null;
  created_by: string;
  created_at: string;
  cancelled_by: string | null;
  cancelled_at: string | null;
  started_at: string | null;
  reminded_at: string | null;
  /** What the decision found when it started (a wave from before waves has only invited). */
  outcome: (Partial<WaveDecision> & { reminded?: number }) | null;
  funnel: WaveFunnel;
}

/** The invitations of a wave mailed, delivered… in one period (a UTC minute, hour or day). */
export interface WavePoint {
  at: string;
  mailed: number;
  delivered: number;
  bounced: number;
  complained: number;
  joined: number;
}

/** One wave with its course over time: console_wave. */
export interface WaveDetail extends WaveRow {
  series: { bucket: 'minute' | 'hour' | 'day'; points: WavePoint[] };
}
