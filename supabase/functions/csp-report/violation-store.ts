import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';
import type { CspViolation } from './violations.ts';

export interface ViolationStore {
  /**
   * Adds one to the day's count of each violation, of the release; answers how many were counted (the
   * rest were over the client address's limit).
   */
  record(
    release: string,
    violations: readonly CspViolation[],
    clientAddress: string | null,
  ): Promise<number>;
}

/** public.record_csp_violations (supabase/schemas/reports.sql), with the service role. */
export function createRpcViolationStore(client: Pick<ServiceClient, 'rpc'>): ViolationStore {
  return {
    async record(release, violations, clientAddress) {
      const { data, error } = await client.rpc('record_csp_violations', {
        p_release: release,
        p_violations: violations,
        p_client_address: clientAddress,
      });
      if (error) throw new Error(`record_csp_violations failed: ${describeServiceError(error)}`);
      if (typeof data !== 'number') throw new Error('record_csp_violations returned no number');
      return data;
    },
  };
}
