import type { PendingAudience } from '../rules/function-answers.ts';
import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import type { AudienceSettlement } from './settlement.ts';
import { toAudienceStep, type TakenStep } from './steps.ts';

/** The sync's side of the database (supabase/schemas/audience.sql). */
export interface AudienceStore {
  /**
   * A slot at the provider's pace shared with the mail, mail first (public.take_audience_send_slot): 0
   * when taken, else how many ms to wait before asking again.
   */
  takeSlot(intervalMs: number): Promise<number>;
  /** The next step leased to this worker, 'more' to ask again at once, or null when none is due. */
  take(leaseSeconds: number): Promise<TakenStep | 'more' | null>;
  /** Settles a leased step: its row's status afterwards, null when the lease was not this worker's. */
  settle(lease: string, settlement: AudienceSettlement): Promise<string | null>;
  pending(): Promise<PendingAudience>;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && value >= 0;

export function createRpcAudienceStore(client: Pick<ServiceClient, 'rpc'>): AudienceStore {
  async function call(fn: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw new Error(`${fn} failed: ${describeServiceError(error)}`);
    return data;
  }
  return {
    async takeSlot(intervalMs) {
      const wait = await call('take_audience_send_slot', { p_interval_ms: Math.ceil(intervalMs) });
      if (typeof wait !== 'number') throw new Error('take_audience_send_slot returned no number');
      return wait;
    },
    async take(leaseSeconds) {
      const data = (await call('take_audience_change', {
        p_lease_seconds: leaseSeconds,
      })) as Record<string, unknown> | null;
      if (data === null) return null;
      if (data.more === true) return 'more';
      const step = toAudienceStep(data.step);
      if (typeof data.lease !== 'string' || !step || !isCount(data.attempts)) {
        throw new Error('take_audience_change returned a step of an unexpected shape');
      }
      return { lease: data.lease, step, attempts: data.attempts };
    },
    async settle(lease, settlement) {
      const status = await call('settle_audience_change', {
        p_lease: lease,
        p_outcome: settlement.outcome,
        p_result: settlement.outcome === 'done' ? settlement.result : null,
        p_detail: 'reason' in settlement ? (settlement.reason ?? null) : null,
        p_delay_ms: 'delayMs' in settlement ? Math.ceil(settlement.delayMs) : null,
      });
      return typeof status === 'string' ? status : null;
    },
    async pending() {
      const data = (await call('audience_pending', {})) as Record<string, unknown> | null;
      const { queued, due, sending, dead, scanning } = data ?? {};
      if (
        !isCount(queued) ||
        !isCount(due) ||
        !isCount(sending) ||
        !isCount(dead) ||
        typeof scanning !== 'boolean'
      ) {
        throw new Error('audience_pending returned counts of an unexpected shape');
      }
      return { queued, due, sending, dead, scanning };
    },
  };
}
