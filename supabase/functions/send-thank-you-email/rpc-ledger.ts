import type { ThankYouLedger } from './types.ts';

/** The part of a supabase-js client (created with the service role key) that the ledger needs. */
export interface RpcClient {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<{ data: unknown; error: unknown }>;
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String(error.message);
  return String(error);
}

/**
 * The production ledger: the SQL functions of migration 20250712000100 called through PostgREST.
 * The claim is a single UPDATE, so concurrent calls for one sign-up cannot both win.
 */
export function createRpcLedger(client: RpcClient): ThankYouLedger {
  return {
    async claim(type, email) {
      const { data, error } = await client.rpc('claim_thank_you_email', {
        p_type: type,
        p_email: email,
      });
      if (error) throw new Error(`claim_thank_you_email failed: ${describe(error)}`);
      return typeof data === 'string' ? data : null;
    },
    async release(type, claimId) {
      const { error } = await client.rpc('release_thank_you_email', {
        p_type: type,
        p_id: claimId,
      });
      if (error) throw new Error(`release_thank_you_email failed: ${describe(error)}`);
    },
  };
}
