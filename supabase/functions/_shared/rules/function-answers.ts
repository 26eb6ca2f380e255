// What each function answers: the JSON bodies, for the handlers that write them and the site's typed
// calls that read them (@agentora/backend-rules/function-answers). Types only: the front end shares the
// answers' shapes, never a function's code. A function's refusals are all an ErrorBody (only
// send-auth-email answers in Supabase Auth's own form, and submit-application adds a message).
import type { MailList } from './mail-lists.ts';
import type { LineList, PlaceInLine } from './places.ts';
import type { SignupList } from './signup-fields.ts';

/** Every refusal: `error` is a code the site maps to its words, or a sentence for whoever calls by hand. */
export type ErrorBody<Code extends string = string> = { success: false; error: Code };

// confirm-email, signup-place, unsubscribe: the pages of the mail links.

export type ConfirmEmailResponseBody =
  { success: true; list: MailList; place?: PlaceInLine } | ErrorBody;

export type SignupPlaceResponseBody =
  { success: true; list: LineList; position: number; referralCode: string } | ErrorBody;

export type UnsubscribeResponseBody = { success: true; list: MailList } | ErrorBody;

// privacy-request, privacy-fulfil: the privacy page.

export type PrivacyRequestResponseBody = { success: true } | ErrorBody;

/** What an erasure removed (resumes: the files actually removed). */
export type ErasedCounts = {
  early_access: number;
  newsletter: number;
  waitlist: number;
  applications: number;
  resumes: number;
};

/** What an erasure keeps: the mailbox's suppressions, so it is not mailed again. */
export type KeptCounts = {
  suppressions: number;
};

/** A row as the database stored it. */
export type StoredRecord = Record<string, unknown>;

/** Every record of a mailbox (public.copy_mailbox_records). */
export interface MailboxRecords {
  early_access: StoredRecord[];
  newsletter: StoredRecord[];
  waitlist: StoredRecord[];
  applications: StoredRecord[];
  suppressions: { list: string; unsubscribed_on: string }[];
  /** Invitations by a launch wave (its list, wave, place and their times); none before waves. */
  invitations?: StoredRecord[];
}

/** An application in a copy: as stored, with its résumé as a download instead of the file's path. */
export type CopiedApplication = StoredRecord & {
  /** url is null when the download could not be signed; the file itself is still held. */
  resume: { filename: string; url: string | null; expires_in_seconds: number } | null;
};

export type PrivacyFulfilResponseBody =
  | {
      success: true;
      action: 'erase';
      erased: ErasedCounts;
      /** Résumé files still to be removed (the removal failed and is retried; see resume-removals.ts). */
      pending: { resumes: number };
      kept: KeptCounts;
    }
  | {
      success: true;
      action: 'copy';
      records: Omit<MailboxRecords, 'applications'> & { applications: CopiedApplication[] };
    }
  | ErrorBody;

// sign-up, submit-application: the forms.

/** The bot check refused the request's token, or could not be asked (rules/bot-check.ts). */
export type BotCheckError = 'bot_check_failed' | 'bot_check_unavailable';

/** Why a sign-up was not stored; libs/data maps each to the list's message. */
export type SignUpError = 'invalid' | BotCheckError | 'duplicate' | 'rate_limited' | 'failed';

/**
 * sign-up's answer: stored, and whether its confirmation is queued (which counts as sent), or why not,
 * with the fields a refusal for `invalid` found wrong.
 */
export type SignUpResponseBody =
  | { success: true; list: SignupList; emailSent: boolean }
  | (ErrorBody<SignUpError> & { fields?: string[] });

/** Why an application was not taken; libs/data maps each to the careers form's message. */
export type SubmitApplicationError =
  | BotCheckError
  | 'invalid'
  | 'resume_type'
  | 'resume_too_large'
  | 'upload_failed'
  | 'duplicate'
  | 'rate_limited'
  | 'failed';

export type SubmitApplicationResponseBody =
  | { success: true; emailSent: boolean }
  | (ErrorBody<SubmitApplicationError> & { message: string; fields?: string[] });

// send-queued-mail: the mail queue's worker (the project's own calls).

/** What one run of the worker did. */
export interface DrainReport {
  sent: number;
  /** Failed tries, queued again after a backoff. */
  retried: number;
  /** 429s: the message waits, and every worker with it. */
  throttled: number;
  dead: number;
}

/** Messages not settled for good (public.mail_queue_pending). */
export interface PendingMail {
  queued: number;
  /** Of the queued, those whose time has come. */
  due: number;
  sending: number;
  dead: number;
}

export type SendQueuedMailResponseBody =
  | { success: true; sent: DrainReport; pending: PendingMail }
  | { success: true; started: true }
  | ErrorBody;

// sync-audience: the audience's worker (docs/audience.md), for the project only (secret key).

/** What one run of the audience's sync did, step by step. */
export interface SyncReport {
  /** Steps Resend answered (a 404 included: the database decides what it means). */
  done: number;
  /** Failed tries, queued again after a backoff. */
  retried: number;
  /** 429s: the step waits, and every request of the team with it. */
  throttled: number;
  dead: number;
  /** Times the sync waited for a slot (the mail, or its own previous request, had it). */
  waited: number;
}

/** The audience's changes not yet in sync, and whether the backfill's look at Resend is under way. */
export interface PendingAudience {
  queued: number;
  /** Of the queued, those whose time has come. */
  due: number;
  sending: number;
  dead: number;
  scanning: boolean;
}

export type SyncAudienceResponseBody =
  | { success: true; synced: SyncReport; pending: PendingAudience }
  | { success: true; started: true }
  | ErrorBody;

// console-sign-in, console-export, console-resume: the console. The export and the résumé answer a
// file, or an ErrorBody.

/** What the console signs in with (Auth's verifyOtp with a token hash). */
export interface SignInToken {
  tokenHash: string;
  type: 'magiclink' | 'signup';
}

export type ConsoleSignInResponseBody =
  { success: true } | { success: true; token_hash: string; type: SignInToken['type'] } | ErrorBody;

// send-auth-email: Supabase Auth's Send Email Hook.

/**
 * What Supabase Auth reads from a hook's answer. Only a 200, 202 or 204 JSON answer is read: `{}` means
 * sent, and `{error: {http_code, message}}` makes Auth answer its request with that status and message.
 * Any other status becomes a bare 500 there ("Hook requires authorization token" for 401, "Unexpected
 * status code returned from hook" and so on), which is what a caller that is not Auth gets.
 */
export type SendAuthEmailResponseBody =
  Record<string, never> | { error: { http_code: number; message: string } };

// resend-webhook: Resend's delivery events. The same answer for every signed event, recorded, replayed
// or ignored: Resend only reads the status.
export type ResendWebhookResponseBody = { received: true } | ErrorBody;

// record-visit, csp-report: 204 for what they take, an ErrorBody for a protocol error.

// redeem-invite: the product's server redeems an invitation's link (docs/launch-waves.md, "For the
// product team"). Never a browser's: no CORS headers.

/** What a redeemed invitation says: the invitee's address now, the list, the place when invited. */
export interface RedeemedInvitation {
  email: string;
  list: 'early_access' | 'waitlist';
  place: number;
  /** The wave's number. */
  wave: number;
  invited_at: string;
  expires_at: string;
  redeemed_at: string;
}

/** Why a link is not redeemed; each answer also has `message`, a sentence for a person. */
export type RedeemInviteRefusal =
  | 'malformed_token'
  | 'forged_token'
  | 'unknown_token'
  | 'already_redeemed'
  | 'expired'
  | 'called_from_a_browser';

export type RedeemInviteResponseBody =
  | { success: true; invitation: RedeemedInvitation }
  | (ErrorBody<RedeemInviteRefusal> & {
      message: string;
      /** already_redeemed: when it was. */
      redeemed_at?: string;
      /** expired: when the link stopped working. */
      expires_at?: string;
    })
  | ErrorBody;
