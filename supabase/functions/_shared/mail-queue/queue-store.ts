import type { PendingMail } from '../rules/function-answers.ts';
import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import { toQueuedMail, type QueuedMail } from './queued-mail.ts';

/** How a leased message was settled (public.settle_queued_mail). */
export type Settlement =
  | { outcome: 'sent'; providerId: string }
  | { outcome: 'throttled'; delayMs: number; reason: string }
  | { outcome: 'released' }
  | { outcome: 'retry'; delayMs: number; reason: string }
  | { outcome: 'dead'; reason: string };

/** The worker's side of the queue (migration 20251126000000_mail_queue.sql). */
export interface MailQueueStore {
  /** Reserves the next send slot at the provider's pace: ms to wait for it, or -1 if beyond maxWaitMs. */
  takeSendSlot(intervalMs: number, maxWaitMs: number): Promise<number>;
  /** Leases the oldest due message, or null when none is due. */
  take(leaseSeconds: number): Promise<QueuedMail | null>;
  /** The message's status afterwards, or null when the lease had passed to another worker. */
  settle(mail: Pick<QueuedMail, 'id' | 'lease'>, settlement: Settlement): Promise<string | null>;
  /**
   * Stores the hash of a leased invitation's unsubscribe token (public.keep_invite_unsubscribe_token);
   * false when the lease is no longer the caller's or the invitation went with its sign-up.
   */
  keepInviteToken(mail: Pick<QueuedMail, 'id' | 'lease'>, tokenHash: string): Promise<boolean>;
  /**
   * Stores the hashes of a leased place mail's place and unsubscribe tokens (public.keep_place_tokens);
   * false when the lease is no longer the caller's or the message went with its sign-up.
   */
  keepPlaceTokens(
    mail: Pick<QueuedMail, 'id' | 'lease'>,
    placeTokenHash: string,
    unsubscribeTokenHash: string,
  ): Promise<boolean>;
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
    async take(leaseSeconds) {
      const data = await call('take_queued_mail', { p_lease_seconds: leaseSeconds });
      if (data === null) return null;
      const mail = toQueuedMail(data);
      if (!mail) throw new Error('take_queued_mail returned a message of an unexpected shape');
      return mail;
    },
    async settle(mail, settlement) {
      const status = await call('settle_queued_mail', {
        p_id: mail.id,
        p_lease: mail.lease,
        p_outcome: settlement.outcome,
        p_detail: detailOf(settlement),
        p_delay_ms: 'delayMs' in settlement ? Math.ceil(settlement.delayMs) : null,
      });
      return typeof status === 'string' ? status : null;
    },
    async keepInviteToken(mail, tokenHash) {
      const kept = await call('keep_invite_unsubscribe_token', {
        p_id: mail.id,
        p_lease: mail.lease,
        p_token_hash: tokenHash,
      });
      if (typeof kept !== 'boolean') {
        throw new Error('keep_invite_unsubscribe_token returned no boolean');
      }
      return kept;
    },
    async keepPlaceTokens(mail, placeTokenHash, unsubscribeTokenHash) {
      const kept = await call('keep_place_tokens', {
        p_id: mail.id,
        p_lease: mail.lease,
        p_place_token_hash: placeTokenHash,
        p_unsubscribe_token_hash: unsubscribeTokenHash,
      });
      if (typeof kept !== 'boolean') throw new Error('keep_place_tokens returned no boolean');
      return kept;
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
