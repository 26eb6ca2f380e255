import type { Attribution } from '../_shared/rules/attribution.ts';
import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';

/** One page view as the beacon reports it, checked (handler.ts). */
export interface Visit {
  /** The page's path, in the landing path's shape. */
  path: string;
  /** The first page of the visit. */
  landing: boolean;
  source: Omit<Attribution, 'landing_path'>;
}

export interface VisitStore {
  /**
   * Adds the view (and the landing) to its day's counts; false when the client address is over the
   * limit and nothing was counted.
   */
  record(visit: Visit, clientAddress: string | null): Promise<boolean>;
}

/** public.record_visit (supabase/schemas/visits.sql), with the service role. */
export function createRpcVisitStore(client: Pick<ServiceClient, 'rpc'>): VisitStore {
  return {
    async record(visit, clientAddress) {
      const { data, error } = await client.rpc('record_visit', {
        p_path: visit.path,
        p_landing: visit.landing,
        p_source: visit.source.utm_source ?? null,
        p_medium: visit.source.utm_medium ?? null,
        p_campaign: visit.source.utm_campaign ?? null,
        p_referrer_host: visit.source.referrer_host ?? null,
        p_client_address: clientAddress,
      });
      if (error) throw new Error(`record_visit failed: ${describeServiceError(error)}`);
      if (typeof data !== 'boolean') throw new Error('record_visit returned no boolean');
      return data;
    },
  };
}
