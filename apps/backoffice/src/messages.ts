// Every text the console shows that is not a field's data, in one place.
import { PLACES_PER_REFERRAL } from '@agentora/data';
import {
  CONSOLE_SIGN_IN,
  CSP_REPORT_LIMITS,
  LAUNCH_WAVES,
  SUSPECTED_FARMING,
} from '@agentora/data/console-lists';

/** A share in words: "half", else a percentage. */
const shareText = (share: number) => (share === 0.5 ? 'half' : `${Math.round(share * 100)}%`);

/** A span of hours in words: "a day", else hours. */
const hoursText = (hours: number) => (hours === 24 ? 'a day' : `${hours} hours`);

/** A sign-in code as console-sign-in mails it: exactly this many digits. */
export const CODE_DIGITS = CONSOLE_SIGN_IN.codeDigits;
export { CONSOLE_SIGN_IN_CODE as CODE_PATTERN } from '@agentora/data/console-lists';

const codeMinutes = Math.round(CONSOLE_SIGN_IN.codeLifetimeSeconds / 60);

export const MESSAGES = {
  title: 'Team console',
  lead: "The sign-ups and job applications the site collects, for Agentora's staff: search them, export them, answer applicants and let the lists in by launch waves.",
  checking: 'Checking your sign-in…',
  blockedByOverride:
    "This browser is loading a build of the site from a team's override link, which no release made. The console doesn't sign in or show anything beside such a build: choose Clear override in the banner (or open the console in another browser profile), then reload.",
  signIn: {
    heading: 'Sign in to the console',
    intro: 'Staff sign in with a one-time code sent to their work email.',
    emailLabel: 'Work email',
    sendCode: 'Email me a code',
    sending: 'Sending…',
    invalidEmail: 'Enter a valid email address.',
    // The same words for every address: the page never says whether one is staff.
    codeSent: (email: string) =>
      `We emailed a sign-in code to ${email} if it is on the staff list. Enter the newest one below: a code works once, for ${codeMinutes} minutes. Nothing after a minute? Send a new code.`,
    codeLabel: 'Code',
    invalidCode: `Enter the ${CODE_DIGITS} digits of the code in the email.`,
    verify: 'Sign in',
    verifying: 'Signing in…',
    wrongCode: 'That code is wrong or has expired. Check the newest email, or send a new code.',
    otherEmail: 'Use another email',
    newCode: 'Send a new code',
    tooMany: 'Too many attempts from this network. Wait a few minutes and try again.',
    failed: 'Something went wrong on our side. Try again in a minute.',
    unreachable: "We couldn't reach the server. Check your connection and try again.",
  },
  notStaff: (email: string) =>
    `${email} is signed in, but is not on the staff list, so the console shows nothing. Ask the team to add you, then sign in again.`,
  signOut: 'Sign out',
  signedInAs: (email: string) => `Signed in as ${email}`,
  views: {
    overview: 'Overview',
    early_access: 'Early access',
    waitlist: 'Waitlist',
    newsletter: 'Newsletter',
    applications: 'Applications',
    sources: 'Sources',
    referrals: 'Referrals',
    csp: 'CSP reports',
    mail: 'Bounces',
    waves: 'Launch waves',
    audience: 'Resend audience',
  },
  sourceHint: 'Exactly: direct, a campaign source or a referring host.',
  sourceInvalid:
    'A source is lowercase letters, digits and . _ ~ + -, such as direct, newsletter or news.ycombinator.com.',
  notRecorded: 'Not recorded',
  sourcesLead:
    "A source is the visit's campaign source (utm_source), else the site that linked to it, else direct. A landing is the first page of a visit; sign-ups are the three lists' and the applications made on those days. Conversion is sign-ups per landing; — when nothing landed.",
  sourcesEmpty: 'No visits and no sign-ups on these days.',
  referralsLead: `Each referral code with sign-ups it referred on these days. Credited referrals (confirmed, not held, made after the referrer) move a confirmed referrer up ${PLACES_PER_REFERRAL} places. A code is suspected of farming when ${SUSPECTED_FARMING.minHeld} or more of its referrals were held, or when ${SUSPECTED_FARMING.minSettled} or more made over ${hoursText(SUSPECTED_FARMING.settleHours)} ago are less than ${shareText(SUSPECTED_FARMING.minConfirmedShare)} confirmed.`,
  /** Why a code is suspected of farming, by its reason (suspected_because). */
  suspectedReasons: {
    held: `${SUSPECTED_FARMING.minHeld} or more held`,
    unconfirmed: `under ${shareText(SUSPECTED_FARMING.minConfirmedShare)} confirmed`,
  },
  referralsEmpty: 'No referrals match these filters.',
  cspLead: `What browsers reported the site's Content-Security-Policy refused, per UTC day, release, directive, blocked source, page and sample, over the last ${CSP_REPORT_LIMITS.daysKept} days. A blocked source is a keyword (inline, eval, data, blob…) or an origin, never a full address; a page is its path alone; a sample is the first ${CSP_REPORT_LIMITS.sampleChars} characters the browser sent, shown as text. Anyone can send a report, so read the counts as hints: at most ${CSP_REPORT_LIMITS.perClientAddressPerMinute} a minute are counted from one address, and past ${CSP_REPORT_LIMITS.rowsPerDay.toLocaleString('en-US')} different rows in a day the rest are counted together.`,
  cspOverflow: `Past the day's ${CSP_REPORT_LIMITS.rowsPerDay.toLocaleString('en-US')} rows`,
  cspTotals: (reports: string, rows: string, from: string) =>
    `${reports} reports in ${rows} rows since ${from}.`,
  cspEmpty: `No CSP reports in the last ${CSP_REPORT_LIMITS.daysKept} days.`,
  /** A row's mail, as the Mail column shows it (console_mail_states). */
  mailStates: {
    queued: 'Queued',
    sent: 'Sent',
    delivered: 'Delivered',
    delayed: 'Delayed',
    soft_bounced: 'Soft bounce',
    bounced: 'Bounced',
    complained: 'Marked as spam',
    suppressed: 'Not sent',
    withheld: 'Not sent: daily limit',
    failed: 'Failed',
  },
  /** Why an address is mailed no more, after "Not sent: " in the Mail column. */
  suppressionReasons: {
    bounced: 'the address bounced',
    complained: 'marked our mail as spam',
  },
  /** What a suppression covers, in the Bounces view. */
  suppressionScopes: {
    bounced: 'Bounced: this address only',
    complained: 'Marked as spam: every address of the mailbox',
  },
  mailAddressNotKept: 'Not in the lists',
  mailUnknown: '—',
  mailLead:
    'Addresses Resend reported. An address whose mail bounced for good gets nothing more, and only that address: the same person at another address, or with another +tag, is still mailed. When someone marked our mail as spam, no address of that mailbox is mailed again, whatever its +tag. Nothing more means no confirmation, place mail, invitation or privacy link, whichever list they sign up to again: their sign-ups are kept and show Not sent. The address shown is that of a sign-up or application; Not in the lists when none holds it.',
  mailTotals: (total: string, bounced: string, complained: string, messages: string) =>
    `${total} addresses: ${bounced} bounced, ${complained} marked as spam. ${messages} mails not sent to them.`,
  mailEmpty: 'No address has bounced or complained.',
  waves: {
    lead: `Let a list in: early access by place in line (referral credit included, as members see it), the waitlist by order of sign-up. A dry run says exactly who a wave would invite; sending invites exactly those, each once, with a link into the product that works once for ${LAUNCH_WAVES.inviteDays} days. Unconfirmed, unsubscribed, bounced and already invited members are passed over. A wave may start at a time you set (decided then), and be cancelled until it starts.`,
    lists: { early_access: 'Early access', waitlist: 'Waitlist' },
    order: { early_access: 'by place in line', waitlist: 'by order of sign-up' },
    rules: {
      next: 'The next N',
      up_to: 'Everyone up to place P',
      chosen: 'Chosen rows',
      before_waves: 'Invite selected, before waves',
    },
    statuses: { scheduled: 'Scheduled', cancelled: 'Cancelled', started: 'Sent' },
    skipReasons: {
      already_invited: 'already invited',
      unconfirmed: 'unconfirmed',
      unsubscribed: 'unsubscribed',
      bounced: 'bounced',
      complained: 'marked our mail as spam',
      not_on_list: 'not on the list',
    },
    countInvalid: `Enter a number from 1 to ${LAUNCH_WAVES.maxWave.toLocaleString('en-US')}.`,
    placeInvalid: 'Enter a place, 1 or more.',
    timeInvalid: 'Choose a time in the future.',
    reminderHint: `Once, to those who have not joined, ${LAUNCH_WAVES.reminderDays.min} to ${LAUNCH_WAVES.reminderDays.max} days after it starts.`,
    dryRun: 'Dry run',
    running: 'Working it out…',
    change: 'Change',
    moved:
      'The line moved since that dry run, so nothing was sent. Here is who it would invite now:',
    failed: "The wave couldn't be sent.",
    nobody: 'Nobody would be invited.',
    empty: 'No waves yet.',
    cancel: 'Cancel wave',
    cancelled: (id: number) => `Wave ${id} is cancelled.`,
    reminderSaved: 'Reminder saved.',
    back: 'All waves',
  },
  /** Where a member's invitation stands (private.invitation_state). */
  inviteStates: {
    queued: 'Invited, mail queued',
    mailed: 'Mailed',
    delivered: 'Delivered',
    bounced: 'Bounced',
    complained: 'Marked as spam',
    failed: 'Mail failed',
    joined: 'Joined',
    expired: 'Link expired',
    no_link: 'Invited before links',
  },
  /** Whether Resend has a confirmed row, as the Resend column shows it (console_audience_states). */
  audienceStates: {
    in_segment: 'In the segment',
    unsubscribed: 'Unsubscribed (bounced or complained)',
    waiting: 'Waiting',
    failed: 'Failed',
    absent: 'Not in Resend',
  },
  audienceLead:
    "Every confirmed member of a list is a contact in that list's segment in Resend, and nobody else is: the site adds them when they confirm, and takes them out when they unsubscribe (here or with Resend's own link), are erased, bounce or complain. To send a newsletter or launch news, create a Broadcast in Resend for the list's segment; Resend adds the unsubscribe link and reports the statistics. Counts are what the site made Resend hold.",
  audienceCaption: "Each list's segment in Resend",
  audienceLoading: 'Loading…',
  audienceTotals: (waiting: string, oldest: string | null) =>
    `${waiting} changes waiting${oldest ? `, the oldest since ${oldest}` : ''}.`,
  audienceScan: (pages: string, done: string | null, gaveUp: boolean) =>
    gaveUp
      ? `The backfill's look at what Resend already held gave up after ${pages} pages: each member is looked up alone.`
      : done
        ? `The backfill's look at what Resend already held read ${pages} pages, done ${done}.`
        : `The backfill is looking at what Resend already holds: ${pages} pages so far.`,
  audienceFailures: 'Failures, with what Resend answered',
  audienceNoFailures: 'No failures.',
  audienceSegmentPending: 'Not found or made yet',
  erased: 'Erased',
  loadFailed: "The list couldn't be loaded.",
  retry: 'Try again',
  empty: 'Nothing matches these filters.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportFailed: "The export couldn't be made.",
} as const;
