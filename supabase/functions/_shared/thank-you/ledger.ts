import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import { toStoredSignup, type StoredSignup, type ThankYouType } from './stored-signup.ts';

/** The hashes of the tokens a thank-you mail's links carry (confirm: lists only). */
export interface MailTokenHashes {
  confirm: string | null;
  unsubscribe: string;
}

/**
 * Who may be mailed, and with what: claim() atomically marks the recent, unmailed sign-up of the type and
 * address as mailed, stores its links' token hashes and returns the stored row, or null when there is
 * none (or the address unsubscribed from applications' mail); release() undoes a claim whose mail
 * certainly did not go out, with its tokens.
 */
export interface ThankYouLedger {
  claim(type: ThankYouType, email: string, tokens: MailTokenHashes): Promise<StoredSignup | null>;
  release(type: ThankYouType, signupId: string, tokens: MailTokenHashes): Promise<void>;
}

/** The SQL functions of migration 20250901000000 through PostgREST, with the service role. */
export function createRpcLedger(client: Pick<ServiceClient, 'rpc'>): ThankYouLedger {
  return {
    async claim(type, email, tokens) {
      const { data, error } = await client.rpc('claim_thank_you_mail', {
        p_type: type,
        p_email: email,
        p_confirm_token_hash: tokens.confirm,
        p_unsubscribe_token_hash: tokens.unsubscribe,
      });
      if (error) throw new Error(`claim_thank_you_mail failed: ${describeServiceError(error)}`);
      if (data === null) return null;
      const row = toStoredSignup(data);
      if (!row) throw new Error('claim_thank_you_mail returned a row of an unexpected shape');
      return row;
    },
    async release(type, signupId, tokens) {
      const { error } = await client.rpc('release_thank_you_mail', {
        p_type: type,
        p_id: signupId,
        p_confirm_token_hash: tokens.confirm,
        p_unsubscribe_token_hash: tokens.unsubscribe,
      });
      if (error) throw new Error(`release_thank_you_mail failed: ${describeServiceError(error)}`);
    },
  };
}
