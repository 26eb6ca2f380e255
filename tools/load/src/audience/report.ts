// What `npm run load:audience` measured, and the table it prints.

/** How long confirmation mails waited, from the sign-up to Resend taking the mail, in ms. */
export interface Waits {
  count: number;
  /** Mails Resend never took within the run. */
  unsent: number;
  p50: number;
  p95: number;
  max: number;
}

export interface BackfillResult {
  engine: string;
  members: number;
  providerRate: number;
  providerErrorRate: number;
  /** From the backfill's call to nothing waiting, the kill -9 and restart included. */
  tookMs: number;
  /** Segments of the newsletter's name in Resend. */
  segments: number;
  inSegment: number;
  distinctInSegment: number;
  /** Members not in the segment, and addresses in it that are not members. */
  missing: number;
  extra: number;
  /** Addresses Resend created a contact for more than once. */
  createdTwice: number;
  dead: number;
  /** Every request Resend's stand-in answered (mail included), 429s and injected 500s among them. */
  requests: number;
  rateLimited: number;
  failed: number;
  mails: number;
  kill?: {
    inSegment: number;
    queued: number;
    sending: number;
    downMs: number;
    requestsBefore: number;
  };
  waits: {
    before: Waits;
    /** During the backfill, but for the sign-ups around the kill -9 (15 s either side of the outage). */
    during: Waits;
    aroundTheKill: Waits;
    /** Those whose first send the stand-in failed (its error rate is every route's): the backoff. */
    retried: Waits;
    /** Sign-ups refused (the backend down). */
    failedSignUps: number;
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function waits(ms: number[]): Waits {
  const sent = ms.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    count: ms.length,
    unsent: ms.length - sent.length,
    p50: quantile(sent, 0.5),
    p95: quantile(sent, 0.95),
    max: sent.length === 0 ? 0 : sent[sent.length - 1],
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const minutes = (ms: number) =>
  `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const waitText = (w: Waits) =>
  `${w.count} mails${w.unsent ? ` (${w.unsent} unsent)` : ''}: median ${seconds(w.p50)}, 95th ${seconds(w.p95)}, max ${seconds(w.max)}`;

/** The run as a Markdown table, one row per figure. */
export function formatBackfill(result: BackfillResult): string {
  const rows: Array<[string, string]> = [
    ['engine', result.engine],
    ['members backfilled', String(result.members)],
    [
      "Resend's stand-in",
      `${result.providerRate} requests/s, ${result.providerErrorRate * 100} % answered 500 (half after the change)`,
    ],
    ['time, queue to nothing waiting (kill and restart included)', minutes(result.tookMs)],
    ['per member', seconds(result.tookMs / result.members)],
    [
      'kill -9 at',
      result.kill
        ? `${result.kill.inSegment} in the segment, ${result.kill.queued} queued, ${result.kill.sending} sending; back after ${seconds(result.kill.downMs)}`
        : 'not reached',
    ],
    ['segments of the name', String(result.segments)],
    ['in the segment / distinct', `${result.inSegment} / ${result.distinctInSegment}`],
    ['members missing / addresses extra', `${result.missing} / ${result.extra}`],
    ['contacts created twice', String(result.createdTwice)],
    ['dead changes', String(result.dead)],
    [
      'requests to the stand-in (mail included) / 429 / 500',
      `${result.requests} / ${result.rateLimited} / ${result.failed}`,
    ],
    [
      'confirmation mails before the backfill (sent at the first try)',
      waitText(result.waits.before),
    ],
    [
      'confirmation mails during the backfill (sent at the first try)',
      waitText(result.waits.during),
    ],
    [
      'confirmation mails around the kill -9 (15 s either side of the outage)',
      `${waitText(result.waits.aroundTheKill)}; ${result.waits.failedSignUps} sign-ups refused while it was down`,
    ],
    [
      'confirmation mails whose first send the stand-in failed (the queue backs off)',
      waitText(result.waits.retried),
    ],
  ];
  return [
    '| figure | value |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
}
