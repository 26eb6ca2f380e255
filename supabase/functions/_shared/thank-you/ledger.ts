import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';
import type { MailList } from '../rules/mail-lists.ts';

/** The hashes of the tokens a thank-you mail's links carry (confirm: lists only). */
export interface MailTokenHashes {
  confirm: string | null;
  unsubscribe: string;
}

/**
 * Who is mailed, and the queue: a sign-up's or an application's thank-you mail is queued by its insert
 * (supabase/schemas/mail-kinds.sql); queued() answers the id of that message for the newest sign-up of
 * the type and address made in the last 10 minutes, or null when there is none (or the address
 * unsubscribed from applications' mail), and queues nothing that is queued already. queueAgain() queues a
 * fresh confirmation for a list sign-up still unconfirmed, whenever it was made, at most 3 times a day
 * per mailbox and list, with its links' token hashes. Every such message is within the person's daily
 * budget of unconfirmed mail (supabase/schemas/mail-budget.sql), or stored withheld: either way it is a
 * queued message to the caller.
 */
export interface ThankYouLedger {
  queued(type: MailList, email: string): Promise<string | null>;
  queueAgain(
    type: Exclude<MailList, 'career'>,
    email: string,
    messageId: string,
    tokens: MailTokenHashes,
  ): Promise<boolean>;
}

/** The SQL functions of supabase/schemas/mail-kinds.sql through PostgREST, with the service role. */
export function createRpcLedger(client: Pick<ServiceClient, 'rpc'>): ThankYouLedger {
  return {
    async queued(type, email) {
      const { data, error } = await client.rpc('queued_thank_you_mail', {
        p_type: type,
        p_email: email,
      });
      if (error) throw new Error(`queued_thank_you_mail failed: ${describeServiceError(error)}`);
      return typeof data === 'string' ? data : null;
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
