import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import { drainMailQueue, type MailWorker } from '../_shared/mail-queue/drain.ts';
import type { SendQueuedMailResponseBody } from '../_shared/rules/function-answers.ts';

export interface SendQueuedMailDeps {
  worker: MailWorker;
  /** Runs a drain after a 202 (EdgeRuntime.waitUntil); default: start it and do not wait. */
  inBackground?: (task: () => Promise<unknown>) => void;
}

/** How long one call sends for, by default and at most: inside hosted Supabase's 150 s wall clock. */
export const DEFAULT_SECONDS = 50;
export const MAX_SECONDS = 140;
/** `{"seconds": …, "wait": …}` and room to spare. */
const MAX_BODY_BYTES = 256;

/**
 * send-queued-mail: the queue's worker (docs/mail-queue.md), for the project only (secret key). POST
 * `{ seconds?, wait? }`: sends queued mail at the provider's pace for up to `seconds` (default 50). With
 * `wait: true` it answers when done, with what it sent and what is still pending (the local server's
 * tests and operators); otherwise it answers 202 at once and sends after the answer (pg_cron, whose
 * pg_net call need not wait).
 */
export function createSendQueuedMailHandler(deps: SendQueuedMailDeps): RequestHandler {
  const inBackground =
    deps.inBackground ??
    ((task: () => Promise<unknown>) => {
      void task();
    });
  const logError = deps.worker.logError;

  return acceptMethods(
    {
      POST: async (request) => {
        // pg_net may post no body at all.
        const read = await readJsonBody(request, MAX_BODY_BYTES, { optional: true });
        if (!read.ok) return read.response;
        const body = read.body === undefined ? {} : read.body;
        const { seconds = DEFAULT_SECONDS, wait = false } = isRecord(body) ? body : {};
        if (
          !isRecord(body) ||
          typeof seconds !== 'number' ||
          !Number.isFinite(seconds) ||
          seconds < 0 ||
          seconds > MAX_SECONDS ||
          typeof wait !== 'boolean'
        ) {
          return errorResponse(
            400,
            `Send {"seconds": 0 to ${MAX_SECONDS}, "wait": true or false}.`,
          );
        }
        const budgetMs = seconds * 1000;
        if (!wait) {
          inBackground(() =>
            drainMailQueue(deps.worker, { budgetMs }).catch((error: unknown) =>
              logError('send-queued-mail: the run failed', error),
            ),
          );
          const started: SendQueuedMailResponseBody = { success: true, started: true };
          return jsonResponse(202, started);
        }
        try {
          const sent = await drainMailQueue(deps.worker, { budgetMs });
          const body: SendQueuedMailResponseBody = {
            success: true,
            sent,
            pending: await deps.worker.store.pending(),
          };
          return jsonResponse(200, body);
        } catch (error) {
          logError('send-queued-mail: the run failed', error);
          return errorResponse(500, 'The queue could not be read.');
        }
      },
    },
    { preflight: false },
  );
}
