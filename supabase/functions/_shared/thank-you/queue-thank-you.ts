import { thankYouTokens } from '../mail-queue/link-tokens.ts';
import type { ThankYouLedger } from './ledger.ts';
import type { MailList } from '../rules/mail-lists.ts';

export interface ThankYouQueue {
  ledger: ThankYouLedger;
  /** MAIL_LINK_SECRET: the links' tokens are derived from it and the message id. */
  linkSecret: string;
  /** Where failures are reported; callers never see internal details. */
  logError: (message: string, error: unknown) => void;
  /** A new message id; tests fix it. */
  newMessageId?: () => string;
}

export type ThankYouOutcome =
  /** In the queue: it counts as sent for the visitor's messages (docs/product/sign-up-forms.md). */
  | { status: 'queued'; messageId: string }
  /** No recent, unmailed sign-up of this type for the address. */
  | { status: 'not-eligible' }
  /** The queue could not take it: the visitor hears that the mail was not sent. */
  | { status: 'queue-failed' };

async function queueWith(
  queue: ThankYouQueue,
  type: MailList,
  store: (
    messageId: string,
    hashes: { confirm: string | null; unsubscribe: string },
  ) => Promise<boolean>,
): Promise<ThankYouOutcome> {
  const messageId = (queue.newMessageId ?? (() => crypto.randomUUID()))();
  const tokens = await thankYouTokens(queue.linkSecret, messageId, type);
  try {
    const queued = await store(messageId, {
      confirm: tokens.confirm?.hash ?? null,
      unsubscribe: tokens.unsubscribe.hash,
    });
    return queued ? { status: 'queued', messageId } : { status: 'not-eligible' };
  } catch (error) {
    queue.logError('thank-you mail: it could not be queued', error);
    return { status: 'queue-failed' };
  }
}

/**
 * The confirmation an application's insert queued (supabase/schemas/mail-kinds.sql): asking is harmless
 * and idempotent, and queues nothing new. The worker stores its links' token hashes and renders it from
 * the stored row when it sends it. submit-application asks, for its answer; a list's sign-up learns the
 * same from public.sign_up.
 */
export async function queueThankYou(
  queue: ThankYouQueue,
  type: MailList,
  email: string,
): Promise<ThankYouOutcome> {
  try {
    const messageId = await queue.ledger.queued(type, email);
    return messageId === null ? { status: 'not-eligible' } : { status: 'queued', messageId };
  } catch (error) {
    queue.logError('thank-you mail: it could not be looked up', error);
    return { status: 'queue-failed' };
  }
}

/** A fresh confirmation for a list sign-up still unconfirmed (signing up again), rate-limited. */
export function queueConfirmationAgain(
  queue: ThankYouQueue,
  type: Exclude<MailList, 'career'>,
  email: string,
): Promise<ThankYouOutcome> {
  return queueWith(queue, type, (messageId, hashes) =>
    queue.ledger.queueAgain(type, email, messageId, hashes),
  );
}
