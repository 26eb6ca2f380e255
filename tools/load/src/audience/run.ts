import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeResend } from '@agentora/fake-resend';
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_RESEND_WEBHOOK_SECRET,
  LOCAL_SECRET_KEY,
  raiseRateLimits,
  signUpThrough,
} from '@agentora/local-supabase/testing';
import { startBackendProcess } from '../backend-process.ts';
import { waits, type BackfillResult } from './report.ts';

export interface BackfillScenario {
  engine: string;
  databaseUrl?: string;
  /** Confirmed newsletter members stored before the sync existed. */
  members: number;
  /** Resend's rate, which the backend keeps too (MAIL_SENDS_PER_SECOND). */
  providerRate: number;
  providerErrorRate: number;
  /** The share of the members in the segment at which the backend is killed with SIGKILL. */
  killAt: number;
  /** A visitor signs up to the newsletter this often during the backfill (and a few times before). */
  signUpEverySeconds: number;
  port: number;
  log: (line: string) => void;
}

const SEGMENT = 'Agentora newsletter';
/** Sign-ups this close to the kill -9 or the restart are counted apart. */
const KILL_MARGIN_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The backfill of docs/audience.md against the local backend as npm start runs it (its own process, the
 * mail and audience timers on), Resend's stand-in on a port of its own at Resend's rate with failures
 * (half of them after the change, as a lost answer): `members` confirmed members stored as before the
 * sync, `npm run audience -- backfill`'s call, a kill -9 of the backend once `killAt` of them are in the
 * segment and the same command again; meanwhile a visitor signs up to the newsletter every few seconds,
 * and each one's confirmation mail is timed from the sign-up to Resend taking it, against a few made
 * before the backfill began.
 */
export async function runBackfill(scenario: BackfillScenario): Promise<BackfillResult> {
  const { log } = scenario;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'load-audience-'));
  const url = `http://127.0.0.1:${scenario.port}`;
  const fake = await startFakeResend({
    ratePerSecond: scenario.providerRate,
    errorRate: scenario.providerErrorRate,
    failAfterAccepting: 0.5,
    webhooks: {
      url: `${url}/functions/v1/resend-webhook`,
      secret: LOCAL_RESEND_WEBHOOK_SECRET,
      // The backend is down for a while: Resend would retry; the stand-in does not, and says nothing.
      onError: () => undefined,
    },
  });
  const backend = await startBackendProcess({
    port: scenario.port,
    dataDir,
    databaseUrl: scenario.databaseUrl,
    resend: { apiKey: 're_load_audience', apiUrl: fake.url },
    mailSendsPerSecond: scenario.providerRate,
    log: (line) => log(`  [backend] ${line}`),
  });
  const headers = {
    apikey: LOCAL_SECRET_KEY,
    Authorization: `Bearer ${LOCAL_SECRET_KEY}`,
    'Content-Type': 'application/json',
  };
  const rest = async (pathAndQuery: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}/rest/v1/${pathAndQuery}`, {
      ...init,
      headers: { ...headers, ...init.headers },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${pathAndQuery}: HTTP ${response.status} ${text}`);
    return text === '' ? null : (JSON.parse(text) as unknown);
  };
  const rpc = (fn: string, body: object = {}) =>
    rest(`rpc/${fn}`, { method: 'POST', body: JSON.stringify(body) });

  try {
    // Every visitor here comes from this machine's one address: the per-address sign-up limit is not
    // what is measured.
    await raiseRateLimits(url, LOCAL_SECRET_KEY);
    // npm start's seed rows are not this run's.
    for (const table of ['early_access_signups', 'newsletter_subscriptions', 'waitlist_signups']) {
      await rest(`${table}?email=neq.x`, { method: 'DELETE' });
    }
    log(`  storing ${scenario.members} confirmed members as before the sync…`);
    const members = Array.from({ length: scenario.members }, (_, i) => `member.${i}@example.com`);
    for (let start = 0; start < members.length; start += 1000) {
      await rest('newsletter_subscriptions', {
        method: 'POST',
        headers: { Prefer: 'return=minimal' },
        body: JSON.stringify(
          members
            .slice(start, start + 1000)
            .map((email) => ({ email, confirmed_at: new Date().toISOString() })),
        ),
      });
    }
    // Before the sync shipped, their confirmations queued no contact, and their mail went long ago.
    await rest('audience_contacts?address_sha256=neq.x', { method: 'DELETE' });
    await rest('mail_queue?kind=neq.x', { method: 'DELETE' });

    // A visitor: one request to the sign-up function, as the newsletter form makes it, which stores the
    // row and sends the confirmation after its answer.
    let visitor = 0;
    const signedUpAt = new Map<string, number>();
    const signUp = async () => {
      const email = `visitor.${(visitor += 1)}@example.com`;
      signedUpAt.set(email, Date.now());
      const response = await signUpThrough(
        { url, publishableKey: LOCAL_PUBLISHABLE_KEY },
        { list: 'newsletter', fields: { email } },
      );
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`sign-up answered HTTP ${response.status}`);
      return email;
    };
    const mailWaits = (emails: string[]) =>
      emails.map((email) => {
        const mail = fake.accepted().find((accepted) => accepted.to.includes(email));
        return mail ? mail.acceptedAt - (signedUpAt.get(email) ?? 0) : Number.POSITIVE_INFINITY;
      });

    log('  baseline: 10 sign-ups with the audience idle…');
    const before: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      before.push(await signUp());
      await sleep(3_000);
    }
    await sleep(10_000);

    const started = Date.now();
    const queued = (await rpc('audience_backfill', { p_list: null })) as number;
    log(`  backfill: ${queued} addresses queued`);
    const during: string[] = [];
    let signing = true;
    const signer = (async () => {
      while (signing) {
        await sleep(scenario.signUpEverySeconds * 1000);
        if (signing) during.push(await signUp().catch(() => 'failed'));
      }
    })();

    const inSegment = () =>
      fake.audience().segments.find((s) => s.name === SEGMENT)?.emails.length ?? 0;
    let killedAt: BackfillResult['kill'];
    // Sign-ups made while the backend is down, or just before or after, wait for it: not the sync.
    let killWindow: [number, number] = [Infinity, Infinity];
    for (;;) {
      await sleep(5_000);
      const count = inSegment();
      if (!killedAt && count >= scenario.members * scenario.killAt) {
        const pending = (await rpc('audience_pending')) as Record<string, number>;
        const stats = fake.stats();
        log(
          `  kill -9 of the backend: ${count} in the segment, ${pending.queued} queued, ${pending.sending} sending`,
        );
        const killed = Date.now();
        await backend.kill();
        await backend.restart();
        killWindow = [killed - KILL_MARGIN_MS, Date.now() + KILL_MARGIN_MS];
        killedAt = {
          inSegment: count,
          queued: pending.queued,
          sending: pending.sending,
          downMs: Date.now() - killed,
          requestsBefore: stats.requests,
        };
        log(`  the backend is back after ${Math.round(killedAt.downMs / 1000)} s`);
      }
      const pending = (await rpc('audience_pending').catch(() => null)) as Record<
        string,
        number
      > | null;
      if (pending && killedAt && pending.queued + pending.sending === 0 && !pending.scanning) break;
      if (Math.round((Date.now() - started) / 1000) % 60 < 5) {
        log(`  ${Math.round((Date.now() - started) / 1000)} s: ${count} in the segment`);
      }
    }
    const tookMs = Date.now() - started;
    signing = false;
    await signer;
    await sleep(15_000);
    await fake.webhooks.settled();

    // A confirmation Resend's stand-in failed (its error rate is every route's) waits out the queue's
    // backoff: counted apart, as it is the provider's doing, not the sync's.
    const visitors = (await rest(
      'newsletter_subscriptions?select=id,email&email=like.visitor.*',
    )) as Array<{ id: string; email: string }>;
    const messages = (await rest(
      'mail_queue?select=newsletter_id,attempts&kind=eq.thank_you',
    )) as Array<{ newsletter_id: string; attempts: number }>;
    const retriedIds = new Set(messages.filter((m) => m.attempts > 1).map((m) => m.newsletter_id));
    const retried = new Set(visitors.filter((v) => retriedIds.has(v.id)).map((v) => v.email));
    const firstTry = (email: string) => !retried.has(email);
    const aroundTheKill = (email: string) => {
      const at = signedUpAt.get(email);
      return email !== 'failed' && at !== undefined && at >= killWindow[0] && at <= killWindow[1];
    };
    const view = fake.audience();
    const segments = view.segments.filter((s) => s.name === SEGMENT);
    const segmentEmails = segments[0]?.emails ?? [];
    const memberSet = new Set(members);
    const inTheSegment = new Set(segmentEmails);
    const created = new Map<string, number>();
    for (const { event } of fake.webhooks.posted()) {
      if (event.type === 'contact.created') {
        const email = (event.data as { email: string }).email;
        created.set(email, (created.get(email) ?? 0) + 1);
      }
    }
    const dead = (await rest('audience_dead_letters?select=last_error')) as unknown[];
    const stats = fake.stats();
    return {
      engine: scenario.engine,
      members: scenario.members,
      providerRate: scenario.providerRate,
      providerErrorRate: scenario.providerErrorRate,
      tookMs,
      segments: segments.length,
      inSegment: segmentEmails.length,
      distinctInSegment: new Set(segmentEmails).size,
      missing: members.filter((email) => !inTheSegment.has(email)).length,
      extra: segmentEmails.filter((email) => !memberSet.has(email)).length,
      createdTwice: [...created.values()].filter((count) => count > 1).length,
      dead: dead.length,
      requests: stats.requests,
      rateLimited: stats.rateLimited,
      failed: stats.failed,
      mails: stats.accepted,
      kill: killedAt,
      waits: {
        before: waits(mailWaits(before.filter(firstTry))),
        during: waits(
          mailWaits(
            during.filter(
              (email) => email !== 'failed' && !aroundTheKill(email) && firstTry(email),
            ),
          ),
        ),
        aroundTheKill: waits(mailWaits(during.filter((e) => aroundTheKill(e) && firstTry(e)))),
        retried: waits(mailWaits([...before, ...during].filter((e) => retried.has(e)))),
        failedSignUps: during.filter((email) => email === 'failed').length,
      },
    };
  } finally {
    await backend.stop().catch(() => undefined);
    await fake.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
