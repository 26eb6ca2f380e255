import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';
import type { SignUp } from './signup-request.ts';

export type StoreOutcome =
  /** Stored; `emailSent`: its confirmation is queued (held back only for a suppressed address). */
  | { status: 'stored'; emailSent: boolean }
  /** The mailbox is on the list already (or left it lately): the duplicate's answer. */
  | { status: 'duplicate' }
  /** Over the client address's limit for the list. */
  | { status: 'rate_limited' }
  /** A row the table's constraints refuse (the request's checks are the same rules: rare). */
  | { status: 'invalid' }
  | { status: 'failed'; reason: string };

export interface SignupStore {
  /** Stores the sign-up for the visitor at `clientAddress` (public.sign_up, supabase/schemas/signups.sql). */
  signUp(signUp: SignUp, clientAddress: string | null): Promise<StoreOutcome>;
}

/** public.sign_up with the service role: the only way a sign-up row is written. */
export function createSignupStore(client: Pick<ServiceClient, 'rpc'>): SignupStore {
  return {
    async signUp({ list, row, source, referredBy }, clientAddress) {
      const { data, error } = await client.rpc('sign_up', {
        p_list: list,
        p_row: { ...row, ...source, ...(referredBy ? { referred_by: referredBy } : {}) },
        p_client_address: clientAddress,
      });
      if (error) return { status: 'failed', reason: describeServiceError(error) };
      const answer = data as { outcome?: unknown; email_sent?: unknown } | null;
      switch (answer?.outcome) {
        case 'stored':
          return { status: 'stored', emailSent: answer.email_sent === true };
        case 'duplicate':
        case 'rate_limited':
        case 'invalid':
          return { status: answer.outcome };
        default:
          return { status: 'failed', reason: `sign_up answered ${JSON.stringify(data)}` };
      }
    },
  };
}
