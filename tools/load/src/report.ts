import { FORMS, type Call, type Visit } from './visitors.ts';

/** The share p (0..100) of the sorted values at or below the result (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface LatencyRow {
  call: Call;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** What each call took, as the visitor waited for it. */
export function latencies(visits: readonly Visit[]): LatencyRow[] {
  const byCall = new Map<Call, number[]>();
  for (const { calls } of visits) {
    for (const { call, ms } of calls) byCall.set(call, [...(byCall.get(call) ?? []), ms]);
  }
  return [...byCall.entries()].map(([call, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      call,
      count: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    };
  });
}

/** A mail the provider took: once per idempotency key, however often the key was sent. */
export interface TakenMail {
  to: readonly string[];
  idempotencyKey: string;
  /** When the provider took it (ms since the epoch). */
  acceptedAt: number;
}

export interface MailOutcome {
  /** Sign-ups whose visitor was told the mail is on its way. */
  promised: number;
  /** Of those, the addresses that got exactly one mail. */
  deliveredOnce: number;
  /** Promised and never delivered. */
  lost: number;
  /** Addresses that got more than one mail. */
  doubled: number;
  /** From pressing the button to the provider taking the mail, over the mails delivered: seconds. */
  waitSeconds: { p50: number; p95: number; max: number };
}

/** Each visitor signs up with an address of their own, so mails are matched by address. */
export function mailOutcome(visits: readonly Visit[], taken: readonly TakenMail[]): MailOutcome {
  const received = new Map<string, number>();
  const firstTaken = new Map<string, number>();
  for (const mail of taken) {
    for (const to of mail.to) {
      const address = to.toLowerCase();
      received.set(address, (received.get(address) ?? 0) + 1);
      firstTaken.set(address, Math.min(firstTaken.get(address) ?? Infinity, mail.acceptedAt));
    }
  }
  const waits: number[] = [];
  let promised = 0;
  let deliveredOnce = 0;
  let lost = 0;
  for (const visit of visits) {
    if (!visit.mailPromised) continue;
    promised += 1;
    const count = received.get(visit.email.toLowerCase()) ?? 0;
    if (count === 0) lost += 1;
    if (count === 1) deliveredOnce += 1;
    const at = firstTaken.get(visit.email.toLowerCase());
    if (at !== undefined) waits.push((at - visit.startedAt) / 1000);
  }
  const doubled = [...received.values()].filter((count) => count > 1).length;
  waits.sort((a, b) => a - b);
  const waitSeconds = {
    p50: percentile(waits, 50),
    p95: percentile(waits, 95),
    max: waits.length > 0 ? waits[waits.length - 1] : Number.NaN,
  };
  return { promised, deliveredOnce, lost, doubled, waitSeconds };
}

/** Sign-ups per form: tried, stored, told to check their email. */
export function signupCounts(visits: readonly Visit[]) {
  return FORMS.map((form) => {
    const mine = visits.filter((visit) => visit.form === form);
    return {
      form,
      tried: mine.length,
      stored: mine.filter((visit) => visit.stored).length,
      promised: mine.filter((visit) => visit.mailPromised).length,
    };
  });
}

const ms = (value: number) => `${Math.round(value)} ms`;

export interface RunResult {
  engine: string;
  visits: Visit[];
  /** Acknowledged sign-ups whose row is in the database after the kill and restart. */
  rowsKept: number;
  rowsExpected: number;
  mail: MailOutcome;
  deadLetters: number;
  /** From the last visitor's answer to an empty queue. */
  drainSeconds: number;
  burstSeconds: number;
  provider: { requests: number; rateLimited: number; failed: number; replayed: number };
}

/** The run as a Markdown table, for the terminal and the README. */
export function formatRun(result: RunResult): string {
  const lines = [
    `### ${result.engine}`,
    '',
    '| | |',
    '| --- | --- |',
    `| sign-ups tried (in ${result.burstSeconds.toFixed(0)} s) | ${result.visits.length} |`,
    `| sign-ups accepted (row stored) | ${result.visits.filter((visit) => visit.stored).length} |`,
    `| acknowledged rows kept after kill -9 | ${result.rowsKept} of ${result.rowsExpected} |`,
    `| visitors told "check your email" | ${result.mail.promised} |`,
    `| mails delivered exactly once | ${result.mail.deliveredOnce} |`,
    `| mails lost | ${result.mail.lost} |`,
    `| mails doubled | ${result.mail.doubled} |`,
    `| dead letters | ${result.deadLetters} |`,
    `| from the button to the mail sent: p50 / p95 / max | ${result.mail.waitSeconds.p50.toFixed(0)} s / ${result.mail.waitSeconds.p95.toFixed(0)} s / ${result.mail.waitSeconds.max.toFixed(0)} s |`,
    `| drain time after the burst | ${result.drainSeconds.toFixed(0)} s |`,
    `| provider: requests / 429 / 5xx / replayed keys | ${result.provider.requests} / ${result.provider.rateLimited} / ${result.provider.failed} / ${result.provider.replayed} |`,
    '',
    '| call | count | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- |',
    ...latencies(result.visits).map(
      (row) =>
        `| ${row.call} | ${row.count} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} |`,
    ),
    '',
    '| form | tried | stored | told to check their email |',
    '| --- | --- | --- | --- |',
    ...signupCounts(result.visits).map(
      (row) => `| ${row.form} | ${row.tried} | ${row.stored} | ${row.promised} |`,
    ),
  ];
  return lines.join('\n');
}
