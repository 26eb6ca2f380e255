import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeResend } from '@agentora/fake-resend';
import {
  fetchFromAddress,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
} from '@agentora/local-supabase/testing';
import { startBackendProcess } from './backend-process.ts';
import { mailOutcome, type RunResult } from './report.ts';
import { FORMS, visit, type Visit } from './visitors.ts';

export interface Scenario {
  /** 'PGlite' or 'PostgreSQL <major>', for the report. */
  engine: string;
  databaseUrl?: string;
  signups: number;
  seconds: number;
  /** Client addresses in 127.0.0.0/8 the visitors come from, round robin. */
  addresses: number;
  /** The fake provider: Resend's default rate, and a share of 500s (half after taking the mail). */
  providerRate: number;
  providerErrorRate: number;
  /** How long after the burst the backend is killed with SIGKILL and started again. */
  killAfterSeconds: number;
  port: number;
  log: (line: string) => void;
}

/** 127.0.1.1, 127.0.1.2, ...: each a client address of its own to the server's rate limits. */
function clientAddress(index: number): string {
  const n = 256 + index + 1;
  return `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

async function rpc(url: string, fn: string): Promise<unknown> {
  const response = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_SECRET_KEY,
      Authorization: `Bearer ${LOCAL_SECRET_KEY}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  if (!response.ok) throw new Error(`${fn} answered HTTP ${response.status}`);
  return response.json();
}

/** Every stored address of a table, a page at a time (PostgREST's max_rows). */
async function storedEmails(url: string, table: string): Promise<Set<string>> {
  const emails = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(
      `${url}/rest/v1/${table}?select=email&order=email&limit=1000&offset=${offset}`,
      { headers: { apikey: LOCAL_SECRET_KEY, Authorization: `Bearer ${LOCAL_SECRET_KEY}` } },
    );
    if (!response.ok) throw new Error(`reading ${table} answered HTTP ${response.status}`);
    const page = (await response.json()) as Array<{ email: string }>;
    for (const row of page) emails.add(row.email.toLowerCase());
    if (page.length < 1000) return emails;
  }
}

const TABLE_OF = {
  early_access: 'early_access_signups',
  newsletter: 'newsletter_subscriptions',
  waitlist: 'waitlist_signups',
  career: 'general_applications',
} as const;

/**
 * The launch-day burst: `signups` visitors spread evenly over `seconds` (an open loop: each arrives on
 * time whatever the others wait), the four forms in turn, each from a client address of its own pool;
 * then a kill -9 of the backend while the queue drains, the same command again, and a wait for an empty
 * queue. The fake provider lives in this process, so it outlives the kill and counts every mail.
 */
export async function runScenario(scenario: Scenario): Promise<RunResult> {
  const provider = await startFakeResend({
    ratePerSecond: scenario.providerRate,
    errorRate: scenario.providerErrorRate,
    failAfterAccepting: 0.5,
    apiKey: 're_load_test',
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agentora-load-'));
  const backend = await startBackendProcess({
    port: scenario.port,
    dataDir,
    databaseUrl: scenario.databaseUrl,
    resend: { apiKey: 're_load_test', apiUrl: provider.url },
    mailSendsPerSecond: scenario.providerRate,
    log: (line) => scenario.log(`  [backend] ${line}`),
  });
  try {
    const tag = `${Date.now().toString(36)}`;
    const fetches = Array.from({ length: scenario.addresses }, (_, index) =>
      fetchFromAddress(clientAddress(index)),
    );
    const loadAtStart = loadavg()[0];
    const started = performance.now();
    const spacingMs = (scenario.seconds * 1000) / scenario.signups;
    const visits: Promise<Visit>[] = [];
    for (let index = 0; index < scenario.signups; index += 1) {
      const due = started + index * spacingMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const form = FORMS[index % FORMS.length];
      visits.push(
        visit(
          {
            url: backend.url,
            publishableKey: LOCAL_PUBLISHABLE_KEY,
            fetch: fetches[index % fetches.length],
          },
          form,
          `visitor.${tag}.${index}@example.com`,
          index % 8 === 3,
        ),
      );
      if (index % 100 === 99) scenario.log(`  ${index + 1} sign-ups sent`);
    }
    const done = await Promise.all(visits);
    const burstEnded = performance.now();
    const burstEndedAt = Date.now();
    const loadAtEnd = loadavg()[0];
    scenario.log(
      `  burst done in ${((burstEnded - started) / 1000).toFixed(1)} s; ${provider.accepted().length} mails out so far`,
    );

    await new Promise((resolve) => setTimeout(resolve, scenario.killAfterSeconds * 1000));
    const atKill = (await rpc(backend.url, 'mail_queue_pending')) as Record<string, number>;
    scenario.log(
      `  kill -9 of the backend (${provider.accepted().length} mails out, ${atKill.queued} queued, ${atKill.sending} sending)`,
    );
    await backend.kill();
    await backend.restart();
    scenario.log('  backend started again');

    for (;;) {
      const pending = (await rpc(backend.url, 'mail_queue_pending')) as Record<string, number>;
      if (pending.queued === 0 && pending.sending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const drainSeconds = (performance.now() - burstEnded) / 1000;
    const deadLetters = ((await rpc(backend.url, 'mail_queue_pending')) as Record<string, number>)
      .dead;

    const stored = new Map<string, Set<string>>();
    for (const [form, table] of Object.entries(TABLE_OF)) {
      stored.set(form, await storedEmails(backend.url, table));
    }
    const acknowledged = done.filter((entry) => entry.stored);
    const rowsKept = acknowledged.filter((entry) =>
      stored.get(entry.form)?.has(entry.email.toLowerCase()),
    ).length;
    const stats = provider.stats();
    const acknowledgedAddresses = new Set(acknowledged.map((entry) => entry.email.toLowerCase()));
    const lastTaken = Math.max(
      ...provider
        .accepted()
        .filter((mail) => acknowledgedAddresses.has(mail.to[0].toLowerCase()))
        .map((mail) => mail.acceptedAt),
    );
    return {
      engine: scenario.engine,
      visits: done,
      rowsKept,
      rowsExpected: acknowledged.length,
      mail: mailOutcome(done, provider.accepted()),
      deadLetters,
      drainSeconds,
      lastMailAfterBurstSeconds: (lastTaken - burstEndedAt) / 1000,
      pendingAtKill: atKill.queued + atKill.sending,
      addresses: scenario.addresses,
      loadAverage: [loadAtStart, loadAtEnd],
      burstSeconds: (burstEnded - started) / 1000,
      provider: {
        requests: stats.requests,
        rateLimited: stats.rateLimited,
        failed: stats.failed,
        replayed: stats.replayed,
      },
    };
  } finally {
    await backend.stop().catch(() => undefined);
    await provider.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
