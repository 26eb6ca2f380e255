import { isRecord, readJsonBody } from './body.ts';
import { acceptMethods, errorResponse, jsonResponse, type RequestHandler } from './responses.ts';

/** How long one call works for, by default and at most: inside hosted Supabase's 150 s wall clock. */
export const DEFAULT_SECONDS = 50;
export const MAX_SECONDS = 140;
/** `{"seconds": …, "wait": …}` and room to spare. */
const MAX_BODY_BYTES = 256;

export interface WorkerRun<Report, Pending> {
  /** Works for up to budgetMs and reports what it did. */
  run(budgetMs: number): Promise<Report>;
  /** What is still to do, answered after a run that was waited for. */
  pending(): Promise<Pending>;
  /** The answer's key for the report ('sent' for the mail, 'synced' for the audience). */
  reportKey: string;
  /** Runs a task after a 202 (EdgeRuntime.waitUntil); default: start it and do not wait. */
  inBackground?: (task: () => Promise<unknown>) => void;
  logError: (message: string, error: unknown) => void;
  /** The function's name, for its log lines. */
  name: string;
}

/**
 * A queue worker's function (send-queued-mail, sync-audience), for the project only (the caller checks
 * the secret key). POST `{ seconds?, wait? }`: works for up to `seconds` (default 50). With
 * `wait: true` it answers when done, with what it did and what is still pending (the local server's
 * tests and operators); otherwise it answers 202 at once and works after the answer (pg_cron, whose
 * pg_net call need not wait). pg_net may post no body at all.
 */
export function createWorkerRunHandler<Report, Pending>(
  worker: WorkerRun<Report, Pending>,
): RequestHandler {
  const inBackground =
    worker.inBackground ??
    ((task: () => Promise<unknown>) => {
      void task();
    });
  return acceptMethods(
    {
      POST: async (request) => {
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
            worker
              .run(budgetMs)
              .catch((error: unknown) => worker.logError(`${worker.name}: the run failed`, error)),
          );
          return jsonResponse(202, { success: true, started: true });
        }
        try {
          const report = await worker.run(budgetMs);
          return jsonResponse(200, {
            success: true,
            [worker.reportKey]: report,
            pending: await worker.pending(),
          });
        } catch (error) {
          worker.logError(`${worker.name}: the run failed`, error);
          return errorResponse(500, 'The queue could not be read.');
        }
      },
    },
    { preflight: false },
  );
}
