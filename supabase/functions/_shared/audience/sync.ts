import { PACE_MARGIN } from '../mail-queue/drain.ts';
import type { SyncReport } from '../rules/function-answers.ts';
import type { AudienceStore } from './audience-store.ts';
import type { ResendContactsApi } from './resend-contacts.ts';
import { settlementOf } from './settlement.ts';
import { requestFor } from './steps.ts';

/** A leased step is another worker's again after this: well past one try and its wait for a slot. */
export const LEASE_SECONDS = 60;
/** The longest a leased step waits for a slot before it is given back (mail keeps the pace busy). */
const MAX_SLOT_WAIT_MS = 30_000;

export interface AudienceWorker {
  store: AudienceStore;
  contacts: ResendContactsApi;
  /** The provider's rate for every request of the team: the mail's and the sync's together. */
  sendsPerSecond: number;
  logError: (message: string, error: unknown) => void;
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Brings Resend's audience toward what it should be for up to budgetMs: one step at a time, each leased,
 * made in one request at a slot of the pace it shares with the mail (mail first: it waits while mail is
 * due), and settled. Stops when nothing is due or the budget is spent; a step that finds no slot in time
 * is given back untried. A failure of the database ends the run; what it leased comes back when the
 * lease ends.
 */
export async function syncAudience(
  worker: AudienceWorker,
  options: { budgetMs: number },
): Promise<SyncReport> {
  const now = worker.now ?? Date.now;
  const sleep = worker.sleep ?? realSleep;
  const random = worker.random ?? Math.random;
  const intervalMs = (1000 / worker.sendsPerSecond) * PACE_MARGIN;
  const deadline = now() + options.budgetMs;
  const report: SyncReport = { done: 0, retried: 0, throttled: 0, dead: 0, waited: 0 };

  while (now() < deadline) {
    const taken = await worker.store.take(LEASE_SECONDS);
    if (taken === null) break;
    if (taken === 'more') continue;
    const giveUpAt = Math.min(deadline, now() + MAX_SLOT_WAIT_MS);
    let slot = await worker.store.takeSlot(intervalMs);
    while (slot > 0 && now() + slot <= giveUpAt) {
      report.waited += 1;
      await sleep(slot);
      slot = await worker.store.takeSlot(intervalMs);
    }
    if (slot > 0) {
      await worker.store.settle(taken.lease, { outcome: 'released', delayMs: 0 });
      break;
    }
    const answer = await worker.contacts.call(requestFor(taken.step));
    const settlement = settlementOf(taken.step, answer, taken.attempts, random);
    const status = await worker.store.settle(taken.lease, settlement);
    if (settlement.outcome === 'done' || settlement.outcome === 'missing') report.done += 1;
    else if (settlement.outcome === 'throttled') report.throttled += 1;
    else if (status === 'dead') report.dead += 1;
    else report.retried += 1;
    if (settlement.outcome !== 'done' && settlement.outcome !== 'missing') {
      worker.logError(
        `audience: ${taken.step.op} was not done; it is now ${status ?? "another worker's"}`,
        settlement,
      );
    }
  }
  return report;
}
