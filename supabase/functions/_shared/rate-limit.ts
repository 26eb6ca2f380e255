import type { ServiceClient } from './service-client.ts';
import { describeServiceError } from './service-client.ts';

/** The rate-limited actions of the functions: rows of public.rate_limit_rules. */
export type LimitedAction =
  | 'submit-application'
  | 'confirm-email'
  | 'unsubscribe'
  | 'privacy-request'
  | 'privacy-fulfil'
  | 'signup-place';

export interface RateLimiter {
  /** Counts one request from the address; 'limited' when its window is already full. */
  take(action: LimitedAction, clientAddress: string | null): Promise<'allowed' | 'limited'>;
}

/** The SQL limiter (public.take_rate_limit_token, supabase/schemas/limits.sql), which answers PT429. */
export function createRpcRateLimiter(client: Pick<ServiceClient, 'rpc'>): RateLimiter {
  return {
    async take(action, clientAddress) {
      const { error } = await client.rpc('take_rate_limit_token', {
        p_action: action,
        p_client_address: clientAddress,
      });
      if (!error) return 'allowed';
      if (error.code === 'PT429') return 'limited';
      throw new Error(`take_rate_limit_token failed: ${describeServiceError(error)}`);
    },
  };
}

/** The error a function answers with HTTP 429; the forms show their own text for it. */
export const RATE_LIMITED_ERROR =
  'Too many requests from this address. Wait a minute and try again.';
