import { FORMS, type Call, type Visit } from './visitors.ts';

/** The share p (0..100) of the sorted values at or below the result (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface LatencyRow {
  call: Call;
  count: number;
  /** How many got each HTTP status (0: no answer), e.g. "201 × 740, 503 × 10". */
  statuses: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** What each call took, as the visitor waited for it (one call per sign-up). */
export function latencies(visits: readonly Visit[]): LatencyRow[] {
  const byCall = new Map<Call, number[]>();
  const statuses = new Map<Call, Map<number, number>>();
  for (const {
    call: { call, ms, status },
  } of visits) {
    byCall.set(call, [...(byCall.get(call) ?? []), ms]);
    const counts = statuses.get(call) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    statuses.set(call, counts);
  }
  return [...byCall.entries()].map(([call, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      call,
      count: sorted.length,
      statuses: [...(statuses.get(call) ?? new Map<number, number>()).entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} × ${count}`)
        .join(', '),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    };
  });
}

/** A mail the provider took (a batch's members each once), however often its key was sent. */
export interface TakenMail {
  to: readonly string[];
  idempotencyKey: string;
  /** When the provider took it (ms since the epoch). */
  acceptedAt: number;
}

export interface MailOutcome {
  /** Acknowledged sign-ups (row stored): each must get one mail. */
  expected: number;
  /** Sign-ups whose visitor was told the mail is on its way. */
  promised: number;
  /** Of the acknowledged, the addresses that got exactly one mail. */
  deliveredOnce: number;
  /** Acknowledged and never delivered. */
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
  let expected = 0;
  let promised = 0;
  let deliveredOnce = 0;
  let lost = 0;
  for (const visit of visits) {
    if (visit.mailPromised) promised += 1;
    if (!visit.stored) continue;
    expected += 1;
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
  return { expected, promised, deliveredOnce, lost, doubled, waitSeconds };
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
  /** From the last visitor's answer to the provider taking the last mail (negative: before it). */
  lastMailAfterBurstSeconds: number;
  /** Messages queued or being sent when the backend was killed. */
  pendingAtKill: number;
  /** Client addresses the visitors came from. */
  addresses: number;
  /** The machine's load average (1 minute) at the start and at the end of the burst. */
  loadAverage: [number, number];
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
    `| sign-ups tried (in ${result.burstSeconds.toFixed(0)} s, from ${result.addresses} addresses) | ${result.visits.length} |`,
    `| sign-ups accepted (row stored) | ${result.visits.filter((visit) => visit.stored).length} |`,
    `| acknowledged rows kept after kill -9 | ${result.rowsKept} of ${result.rowsExpected} |`,
    `| visitors told "check your email" | ${result.mail.promised} |`,
    `| mails delivered exactly once | ${result.mail.deliveredOnce} |`,
    `| mails lost | ${result.mail.lost} |`,
    `| mails doubled | ${result.mail.doubled} |`,
    `| dead letters | ${result.deadLetters} |`,
    `| from the button to the mail sent: p50 / p95 / max | ${result.mail.waitSeconds.p50.toFixed(0)} s / ${result.mail.waitSeconds.p95.toFixed(0)} s / ${result.mail.waitSeconds.max.toFixed(0)} s |`,
    `| last mail taken, after the burst | ${result.lastMailAfterBurstSeconds.toFixed(0)} s |`,
    `| drain time after the burst (queue seen empty, after the kill and restart) | ${result.drainSeconds.toFixed(0)} s |`,
    `| messages queued or sending at the kill -9 | ${result.pendingAtKill} |`,
    `| load average (1 min) at the burst's start / end | ${result.loadAverage[0].toFixed(2)} / ${result.loadAverage[1].toFixed(2)} |`,
    `| provider: requests / 429 / 5xx / replayed keys | ${result.provider.requests} / ${result.provider.rateLimited} / ${result.provider.failed} / ${result.provider.replayed} |`,
    '',
    "Each sign-up is one call: the time it took is the visitor's wait.",
    '',
    '| call | count | p50 | p95 | p99 | max | answers |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...latencies(result.visits).map(
      (row) =>
        `| ${row.call} | ${row.count} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.statuses} |`,
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
