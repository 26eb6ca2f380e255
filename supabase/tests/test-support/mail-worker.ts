import type { MailTokenHash } from '../../functions/_shared/mail-queue/link-tokens.ts';
import type { MailRendering } from '../../functions/_shared/mail-queue/render-queued-mail.ts';
import type { MailQueueStore, Settlement } from '../../functions/_shared/mail-queue/queue-store.ts';
import type { QueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import type { MailMessage } from '../../functions/_shared/mail/types.ts';

/**
 * A mail worker for drainMailQueue over `store`, whose provider takes every message at once and keeps
 * it in `sent`, with no pace to wait for and no error to log. It sends one message per request.
 */
export function recordingWorker(store: MailQueueStore, rendering: MailRendering) {
  const sent: MailMessage[] = [];
  const worker = {
    store,
    rendering,
    transport: {
      deliver: async (message: MailMessage) => (
        sent.push(message),
        { status: 'sent' as const, id: 're_1' }
      ),
    },
    sendsPerSecond: 100,
    logError: () => undefined,
  };
  return { worker, sent };
}

/**
 * A queue in memory that hands out one message per take, for the worker's rules without a database:
 * `keep` answers whether a message's tokens were stored (it is still held), `settle` its status after.
 */
export function oneAtATimeStore(options: {
  messages: QueuedMail[];
  keep?: (mail: QueuedMail, tokens: MailTokenHash[]) => boolean;
  settle?: (mail: QueuedMail, settlement: Settlement) => string | null;
}): MailQueueStore {
  let held: QueuedMail | undefined;
  return {
    takeSendSlot: async () => 0,
    takeBatch: async () => {
      held = options.messages.shift();
      return held ? [held] : [];
    },
    keepTokens: async (_lease, tokens) =>
      new Set(held && (options.keep?.(held, tokens) ?? true) ? [held.id] : []),
    settleBatch: async (_lease, results) =>
      new Map(
        results.map(({ id, settlement }) => [
          id,
          options.settle && held
            ? options.settle(held, settlement)
            : settlement.outcome === 'sent'
              ? 'sent'
              : 'queued',
        ]),
      ),
    pending: async () => ({
      queued: options.messages.length,
      due: options.messages.length,
      sending: 0,
      dead: 0,
    }),
  };
}
