import type { MailRendering } from '../../functions/_shared/mail-queue/render-queued-mail.ts';
import type { MailQueueStore } from '../../functions/_shared/mail-queue/queue-store.ts';
import type { MailMessage } from '../../functions/_shared/mail/types.ts';

/**
 * A mail worker for drainMailQueue over `store`, whose provider takes every message at once and keeps
 * it in `sent`, with no pace to wait for and no error to log.
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
