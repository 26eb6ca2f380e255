import type { BatchDelivery, Delivery, MailMessage, MailTransport } from '../mail/types.ts';
import type { DrainReport } from '../rules/function-answers.ts';
import { storedTokenHashes } from './link-tokens.ts';
import { batchIdempotencyKey, type QueuedMail } from './queued-mail.ts';
import type { MailQueueStore, Settlement } from './queue-store.ts';
import { missingSetting, renderQueuedMail, type MailRendering } from './render-queued-mail.ts';
import { retryDelayMs } from './retry-delay.ts';

/** Resend's default rate per team (its API reference); MAIL_SENDS_PER_SECOND overrides it. */
export const DEFAULT_SENDS_PER_SECOND = 2;

/**
 * Sends are spaced 5 % wider than the rate: the provider counts arrivals in a sliding second, and a
 * request that arrives a few ms early would cost a 429 and a whole second's wait.
 */
export const PACE_MARGIN = 1.05;

/** A leased message is another worker's again after this: well past one try's timeout. */
const LEASE_SECONDS = 60;

/** Resend takes up to 100 messages in one POST /emails/batch. */
export const BATCH_LIMIT = 100;

/** A message that needs a setting not made (missingSetting) is tried again after this. */
export const MISSING_SETTING_RETRY_MS = 5 * 60_000;

export interface MailWorker {
  store: MailQueueStore;
  transport: MailTransport;
  rendering: MailRendering;
  /** The provider's rate, all workers together. */
  sendsPerSecond: number;
  logError: (message: string, error: unknown) => void;
  /** For the jitter; tests fix it. */
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function settlementOf(delivery: Delivery, attempt: number, random: () => number): Settlement {
  switch (delivery.status) {
    case 'sent':
      return { outcome: 'sent', providerId: delivery.id };
    case 'throttled':
      return { outcome: 'throttled', delayMs: delivery.retryAfterMs, reason: delivery.reason };
    case 'failed':
      return { outcome: 'retry', delayMs: retryDelayMs(attempt, random), reason: delivery.reason };
    case 'refused':
      return { outcome: 'dead', reason: delivery.reason };
  }
}

/** One settlement for each member of a batch the provider answered as a whole. */
function batchSettlement(
  delivery: Exclude<BatchDelivery, { status: 'answered' }>,
  attempt: number,
  random: () => number,
): Settlement {
  if (delivery.status === 'split') return { outcome: 'alone', reason: delivery.reason };
  // One delay for all: the members stay due together, and come back as the same request.
  return settlementOf(delivery, attempt, random);
}

/** What the worker sends for the messages of one batch it holds, and what became of each. */
async function sendBatch(
  worker: MailWorker,
  mails: readonly QueuedMail[],
  random: () => number,
): Promise<Map<string, Settlement>> {
  const settlements = new Map<string, Settlement>();
  const addressed = mails.filter((mail) => mail.to !== null);
  for (const mail of mails) {
    if (mail.to === null)
      settlements.set(mail.id, { outcome: 'dead', reason: 'The message has no address.' });
  }
  for (const mail of addressed) {
    const missing = missingSetting(mail, worker.rendering);
    if (missing === null) continue;
    worker.logError(`mail queue: message ${mail.id} waits`, missing);
    settlements.set(mail.id, {
      outcome: 'retry',
      delayMs: MISSING_SETTING_RETRY_MS,
      reason: missing,
    });
  }
  const sendable = addressed.filter((mail) => !settlements.has(mail.id));
  // The messages queued in SQL have no tokens stored (the secret is the functions'): store their hashes
  // under the lease before rendering. A message no longer held is not sent.
  const secret = worker.rendering.linkSecret;
  const hashes = (
    await Promise.all(sendable.map((mail) => storedTokenHashes(secret, mail)))
  ).flat();
  const held =
    hashes.length > 0 ? await worker.store.keepTokens(mails[0].lease, hashes) : undefined;

  const ready: Array<{ mail: QueuedMail; message: MailMessage }> = [];
  for (const mail of sendable) {
    if (held && mail.kind !== 'privacy_link' && !held.has(mail.id)) {
      // Its lease passed to another worker, or the sign-up went (and the message with it).
      settlements.set(mail.id, {
        outcome: 'dead',
        reason: `The ${mail.kind === 'invite' || mail.kind === 'invite_reminder' ? 'invitation' : 'message'} is no longer this worker's to send.`,
      });
      continue;
    }
    try {
      ready.push({
        mail,
        message: await renderQueuedMail({ ...mail, to: mail.to as string }, worker.rendering),
      });
    } catch (error) {
      worker.logError(`mail queue: message ${mail.id} could not be rendered`, error);
      settlements.set(mail.id, { outcome: 'dead', reason: `Not rendered: ${String(error)}` });
    }
  }
  if (ready.length === 0) return settlements;
  const attempt = Math.max(...ready.map(({ mail }) => mail.attempts));

  if (ready.length === 1 || !worker.transport.deliverBatch) {
    for (const { mail, message } of ready) {
      settlements.set(
        mail.id,
        settlementOf(await worker.transport.deliver(message), attempt, random),
      );
    }
    return settlements;
  }
  // The same members in the same order, rendered the same: a retry is byte for byte the same request.
  ready.sort((a, b) => (a.mail.id < b.mail.id ? -1 : a.mail.id > b.mail.id ? 1 : 0));
  const key = await batchIdempotencyKey(ready.map(({ mail }) => mail.id));
  const delivery = await worker.transport.deliverBatch(
    ready.map(({ message }) => message),
    key,
  );
  if (delivery.status === 'answered') {
    ready.forEach(({ mail }, index) => {
      const result = delivery.results[index];
      settlements.set(
        mail.id,
        result.status === 'sent'
          ? { outcome: 'sent', providerId: result.id }
          : { outcome: 'dead', reason: result.reason },
      );
    });
  } else {
    const settlement = batchSettlement(delivery, attempt, random);
    for (const { mail } of ready) settlements.set(mail.id, settlement);
  }
  return settlements;
}

/**
 * Sends queued mail for up to budgetMs: for each request, a slot at the provider's pace (shared with
 * every other worker through the database), then up to 100 due messages leased as one batch (one when
 * the transport sends no batches), rendered from the stored rows and handed to the provider in one
 * request under one idempotency key (a batch of one: the message's own), then settled. Stops when
 * nothing is due or the next slot is beyond the budget. A failure of the database ends the run; what it
 * leased comes back when the lease ends.
 */
export async function drainMailQueue(
  worker: MailWorker,
  options: { budgetMs: number },
): Promise<DrainReport> {
  const now = worker.now ?? Date.now;
  const sleep = worker.sleep ?? realSleep;
  const random = worker.random ?? Math.random;
  const intervalMs = (1000 / worker.sendsPerSecond) * PACE_MARGIN;
  const deadline = now() + options.budgetMs;
  const report: DrainReport = { sent: 0, retried: 0, throttled: 0, dead: 0 };
  const limit = worker.transport.deliverBatch ? BATCH_LIMIT : 1;

  for (;;) {
    const wait = await worker.store.takeSendSlot(intervalMs, deadline - now());
    if (wait < 0) break;
    if (wait > 0) await sleep(wait);
    const mails = await worker.store.takeBatch(LEASE_SECONDS, limit);
    if (mails.length === 0) break;

    const settlements = await sendBatch(worker, mails, random);
    const results = mails.map((mail) => ({
      id: mail.id,
      settlement: settlements.get(mail.id) ?? { outcome: 'released' as const },
    }));
    const statuses = await worker.store.settleBatch(mails[0].lease, results);
    for (const { id, settlement } of results) {
      const status = statuses.get(id) ?? null;
      if (settlement.outcome === 'sent') report.sent += 1;
      else if (settlement.outcome === 'throttled') report.throttled += 1;
      else if (status === 'dead') report.dead += 1;
      else report.retried += 1;
      if (settlement.outcome !== 'sent') {
        worker.logError(
          `mail queue: message ${id} was not sent; it is now ${status ?? "another worker's"}`,
          settlement,
        );
      }
    }
  }
  return report;
}
