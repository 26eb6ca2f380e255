import type { PendingMail } from '../rules/function-answers.ts';
import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import type { MailTokenHash } from './link-tokens.ts';
import { toQueuedMail, type QueuedMail } from './queued-mail.ts';

/** How a leased message was settled (public.settle_queued_mail, public.settle_mail_batch). */
export type Settlement =
  | { outcome: 'sent'; providerId: string }
  | { outcome: 'throttled'; delayMs: number; reason: string }
  | { outcome: 'released' }
  | { outcome: 'retry'; delayMs: number; reason: string }
  | { outcome: 'dead'; reason: string }
  /** Not tried: the provider refused its batch as a whole; from now on it goes in a request alone. */
  | { outcome: 'alone'; reason: string };

/** The worker's side of the queue (supabase/schemas/mail-queue.sql; keep_mail_tokens in consent.sql). */
export interface MailQueueStore {
  /** Reserves the next send slot at the provider's pace: ms to wait for it, or -1 if beyond maxWaitMs. */
  takeSendSlot(intervalMs: number, maxWaitMs: number): Promise<number>;
  /**
   * Leases up to `limit` due messages as one batch under one lease (public.take_mail_batch): a batch
   * tried before comes back with the same members. Empty when none is due.
   */
  takeBatch(leaseSeconds: number, limit: number): Promise<QueuedMail[]>;
  /**
   * Stores the hashes of the tokens of messages held under `lease` (public.keep_mail_tokens); the ids of
   * the messages still held (a message gone with its sign-up, or whose lease passed, is not).
   */
  keepTokens(lease: string, tokens: MailTokenHash[]): Promise<Set<string>>;
  /**
   * Settles messages held under `lease` (public.settle_mail_batch): each one's status afterwards, null
   * when its lease had passed to another worker.
   */
  settleBatch(
    lease: string,
    results: ReadonlyArray<{ id: string; settlement: Settlement }>,
  ): Promise<Map<string, string | null>>;
  pending(): Promise<PendingMail>;
}

function detailOf(settlement: Settlement): string | null {
  switch (settlement.outcome) {
    case 'sent':
      return settlement.providerId;
    case 'released':
      return null;
    default:
      return settlement.reason;
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && value >= 0;

export function createRpcMailQueueStore(client: Pick<ServiceClient, 'rpc'>): MailQueueStore {
  async function call(fn: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw new Error(`${fn} failed: ${describeServiceError(error)}`);
    return data;
  }
  return {
    async takeSendSlot(intervalMs, maxWaitMs) {
      const wait = await call('take_mail_send_slot', {
        p_interval_ms: Math.ceil(intervalMs),
        p_max_wait_ms: Math.max(0, Math.floor(maxWaitMs)),
      });
      if (typeof wait !== 'number') throw new Error('take_mail_send_slot returned no number');
      return wait;
    },
    async takeBatch(leaseSeconds, limit) {
      const data = await call('take_mail_batch', {
        p_lease_seconds: leaseSeconds,
        p_limit: limit,
      });
      if (!Array.isArray(data)) throw new Error('take_mail_batch returned no list');
      return data.map((row) => {
        const mail = toQueuedMail(row);
        if (!mail) throw new Error('take_mail_batch returned a message of an unexpected shape');
        return mail;
      });
    },
    async keepTokens(lease, tokens) {
      const held = await call('keep_mail_tokens', { p_lease: lease, p_tokens: tokens });
      if (!Array.isArray(held) || !held.every((id) => typeof id === 'string')) {
        throw new Error('keep_mail_tokens returned no list of ids');
      }
      return new Set(held as string[]);
    },
    async settleBatch(lease, results) {
      const data = await call('settle_mail_batch', {
        p_lease: lease,
        p_results: results.map(({ id, settlement }) => ({
          id,
          outcome: settlement.outcome,
          detail: detailOf(settlement),
          delay_ms: 'delayMs' in settlement ? Math.ceil(settlement.delayMs) : null,
        })),
      });
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new Error('settle_mail_batch returned no statuses');
      }
      const statuses = new Map<string, string | null>();
      for (const [id, status] of Object.entries(data as Record<string, unknown>)) {
        statuses.set(id, typeof status === 'string' ? status : null);
      }
      return statuses;
    },
    async pending() {
      const data = (await call('mail_queue_pending', {})) as Record<string, unknown> | null;
      const { queued, due, sending, dead } = data ?? {};
      if (!isCount(queued) || !isCount(due) || !isCount(sending) || !isCount(dead)) {
        throw new Error('mail_queue_pending returned counts of an unexpected shape');
      }
      return { queued, due, sending, dead };
    },
  };
}
