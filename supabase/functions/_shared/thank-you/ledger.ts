import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import { toStoredSignup, type StoredSignup, type ThankYouType } from './stored-signup.ts';

/**
 * Who may be mailed, and with what: claim() atomically marks the recent, unmailed sign-up of the type and
 * address as mailed and returns the stored row, or null when there is none; release() undoes a claim
 * whose mail certainly did not go out.
 */
export interface ThankYouLedger {
  claim(type: ThankYouType, email: string): Promise<StoredSignup | null>;
  release(type: ThankYouType, signupId: string): Promise<void>;
}

/** The SQL functions of migration 20250801000200 through PostgREST, with the service role. */
export function createRpcLedger(client: Pick<ServiceClient, 'rpc'>): ThankYouLedger {
  return {
    async claim(type, email) {
      const { data, error } = await client.rpc('claim_thank_you', { p_type: type, p_email: email });
      if (error) throw new Error(`claim_thank_you failed: ${describeServiceError(error)}`);
      if (data === null) return null;
      const row = toStoredSignup(data);
      if (!row) throw new Error('claim_thank_you returned a row of an unexpected shape');
      return row;
    },
    async release(type, signupId) {
      const { error } = await client.rpc('release_thank_you_email', {
        p_type: type,
        p_id: signupId,
      });
      if (error) throw new Error(`release_thank_you_email failed: ${describeServiceError(error)}`);
    },
  };
}
