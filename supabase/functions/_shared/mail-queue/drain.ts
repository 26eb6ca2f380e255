import type { Delivery, MailTransport } from '../mail/types.ts';
import type { DrainReport } from '../rules/function-answers.ts';
import { inviteUnsubscribeToken, placeTokens } from './link-tokens.ts';
import type { QueuedMail } from './queued-mail.ts';
import type { MailQueueStore, Settlement } from './queue-store.ts';
import { renderQueuedMail, type MailRendering } from './render-queued-mail.ts';
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

/**
 * The messages queued in SQL, without their links' tokens (the secret is the functions'): the worker
 * stores the hashes of the tokens it derives, under its lease, before rendering. True to go on.
 */
async function keepLinkTokens(worker: MailWorker, mail: QueuedMail): Promise<boolean> {
  const secret = worker.rendering.linkSecret;
  if (mail.kind === 'invite') {
    return worker.store.keepInviteToken(mail, (await inviteUnsubscribeToken(secret, mail.id)).hash);
  }
  if (mail.kind === 'place') {
    const tokens = await placeTokens(secret, mail.id);
    return worker.store.keepPlaceTokens(mail, tokens.place.hash, tokens.unsubscribe.hash);
  }
  return true;
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

/**
 * Sends queued mail for up to budgetMs: for each send, a slot at the provider's pace (shared with every
 * other worker through the database), then the oldest due message, rendered from the stored rows and
 * handed to the provider under its idempotency key, then settled. Stops when nothing is due or the next
 * slot is beyond the budget. A failure of the database ends the run; what it leased comes back when the
 * lease ends.
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

  for (;;) {
    const wait = await worker.store.takeSendSlot(intervalMs, deadline - now());
    if (wait < 0) break;
    if (wait > 0) await sleep(wait);
    const mail = await worker.store.take(LEASE_SECONDS);
    if (mail === null) break;

    let settlement: Settlement;
    if (mail.to === null) {
      settlement = { outcome: 'dead', reason: 'The message has no address.' };
    } else if (!(await keepLinkTokens(worker, mail))) {
      // Its lease passed to another worker, or the sign-up went (and the message with it).
      settlement = {
        outcome: 'dead',
        reason: `The ${mail.kind === 'invite' ? 'invitation' : 'message'} is no longer this worker's to send.`,
      };
    } else {
      let delivery: Delivery;
      try {
        const message = await renderQueuedMail({ ...mail, to: mail.to }, worker.rendering);
        delivery = await worker.transport.deliver(message);
      } catch (error) {
        worker.logError(`mail queue: message ${mail.id} could not be rendered`, error);
        delivery = { status: 'refused', reason: `Not rendered: ${String(error)}` };
      }
      settlement = settlementOf(delivery, mail.attempts, random);
    }
    const status = await worker.store.settle(mail, settlement);
    if (settlement.outcome === 'sent') report.sent += 1;
    else if (settlement.outcome === 'throttled') report.throttled += 1;
    else if (status === 'dead') report.dead += 1;
    else report.retried += 1;
    if (settlement.outcome !== 'sent') {
      worker.logError(
        `mail queue: message ${mail.id} was not sent; it is now ${status ?? "another worker's"}`,
        settlement,
      );
    }
  }
  return report;
}
