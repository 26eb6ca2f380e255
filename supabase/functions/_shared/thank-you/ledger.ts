import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import type { MailList } from '../rules/mail-lists.ts';

/** The hashes of the tokens a thank-you mail's links carry (confirm: lists only). */
export interface MailTokenHashes {
  confirm: string | null;
  unsubscribe: string;
}

/**
 * Who may be mailed, and the queue: queue() atomically marks the recent, unmailed sign-up of the type and
 * address as mailed, stores its links' token hashes and queues message `messageId`, or answers false when
 * there is no such sign-up (or the address unsubscribed from applications' mail); queueAgain() does the
 * same for a list sign-up still unconfirmed, whenever it was made, at most 3 times a day per mailbox.
 */
export interface ThankYouLedger {
  queue(
    type: MailList,
    email: string,
    messageId: string,
    tokens: MailTokenHashes,
  ): Promise<boolean>;
  queueAgain(
    type: Exclude<MailList, 'career'>,
    email: string,
    messageId: string,
    tokens: MailTokenHashes,
  ): Promise<boolean>;
}

/** The SQL functions of migration 20251126000000 through PostgREST, with the service role. */
export function createRpcLedger(client: Pick<ServiceClient, 'rpc'>): ThankYouLedger {
  return {
    async queue(type, email, messageId, tokens) {
      const { data, error } = await client.rpc('queue_thank_you_mail', {
        p_type: type,
        p_email: email,
        p_message_id: messageId,
        p_confirm_token_hash: tokens.confirm,
        p_unsubscribe_token_hash: tokens.unsubscribe,
      });
      if (error) throw new Error(`queue_thank_you_mail failed: ${describeServiceError(error)}`);
      return data !== null;
    },
    async queueAgain(type, email, messageId, tokens) {
      const { data, error } = await client.rpc('queue_confirmation_again', {
        p_type: type,
        p_email: email,
        p_message_id: messageId,
        p_confirm_token_hash: tokens.confirm,
        p_unsubscribe_token_hash: tokens.unsubscribe,
      });
      if (error) throw new Error(`queue_confirmation_again failed: ${describeServiceError(error)}`);
      return data === true;
    },
  };
}
