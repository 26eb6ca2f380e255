import { syncAudience, type AudienceWorker } from '../_shared/audience/sync.ts';
import type { RequestHandler } from '../_shared/http/responses.ts';
import { createWorkerRunHandler } from '../_shared/http/worker-run.ts';

export interface SyncAudienceDeps {
  worker: AudienceWorker;
  /** Runs a sync after a 202 (EdgeRuntime.waitUntil); default: start it and do not wait. */
  inBackground?: (task: () => Promise<unknown>) => void;
}

/**
 * sync-audience: the audience's worker (docs/audience.md), for the project only (secret key). POST
 * `{ seconds?, wait? }`: brings Resend's contacts and segments to the lists' confirmed members for up
 * to `seconds` (default 50), at the pace it shares with the mail, mail first, answering
 * `{success, synced, pending}` when asked to wait, else 202 at once (_shared/http/worker-run.ts).
 */
export function createSyncAudienceHandler(deps: SyncAudienceDeps): RequestHandler {
  return createWorkerRunHandler({
    name: 'sync-audience',
    reportKey: 'synced',
    run: (budgetMs) => syncAudience(deps.worker, { budgetMs }),
    pending: () => deps.worker.store.pending(),
    inBackground: deps.inBackground,
    logError: deps.worker.logError,
  });
}
