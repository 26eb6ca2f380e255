import type { RequestHandler } from '../_shared/http/responses.ts';
import { createWorkerRunHandler } from '../_shared/http/worker-run.ts';
import { drainMailQueue, type MailWorker } from '../_shared/mail-queue/drain.ts';

export interface SendQueuedMailDeps {
  worker: MailWorker;
  /** Runs a drain after a 202 (EdgeRuntime.waitUntil); default: start it and do not wait. */
  inBackground?: (task: () => Promise<unknown>) => void;
}

/**
 * send-queued-mail: the queue's worker (docs/mail-queue.md), for the project only (secret key). POST
 * `{ seconds?, wait? }`: sends queued mail at the provider's pace for up to `seconds` (default 50),
 * answering `{success, sent, pending}` when asked to wait, else 202 at once
 * (_shared/http/worker-run.ts).
 */
export function createSendQueuedMailHandler(deps: SendQueuedMailDeps): RequestHandler {
  return createWorkerRunHandler({
    name: 'send-queued-mail',
    reportKey: 'sent',
    run: (budgetMs) => drainMailQueue(deps.worker, { budgetMs }),
    pending: () => deps.worker.store.pending(),
    inBackground: deps.inBackground,
    logError: deps.worker.logError,
  });
}
