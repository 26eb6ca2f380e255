import type { WorkerTimerOptions } from '../public-types.ts';

export interface WorkerTimer {
  stop(): Promise<void>;
}

/**
 * The local counterpart of a pg_cron job of docs/deploying-the-backend.md: calls a queue's worker
 * function (send-queued-mail, sync-audience) through this server's own gateway, with the secret key,
 * as pg_net does on hosted Supabase. So the queue is worked by the same code, on Deno, in both places.
 * One call at a time; a failed call is reported and the next one tries again.
 */
/** A call that worked for this share of its budget or more was stopped by it, not by a wait. */
const BACKLOG_SHARE = 0.75;

export function startWorkerTimer(
  settings: { url: string; secretKey: string },
  functionName: string,
  options: WorkerTimerOptions,
): WorkerTimer {
  let running: Promise<void> | undefined;
  let stopped = false;
  const controller = new AbortController();
  const budgetMs = (options.seconds ?? 20) * 1000;
  /**
   * One call; whether it worked for most of its budget and still left work due: a backlog, which the
   * next call takes on at once. A call that stopped early with work due (a 429's or a refused key's
   * wait, the pace held by the mail) waits for the next tick, so a held queue is not asked in a loop.
   */
  const run = async (): Promise<boolean> => {
    const startedAt = Date.now();
    const response = await fetch(`${settings.url}/functions/v1/${functionName}`, {
      method: 'POST',
      headers: { apikey: settings.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: budgetMs / 1000, wait: true }),
      signal: controller.signal,
    });
    const body = (await response.json().catch(() => null)) as {
      pending?: { due?: number };
    } | null;
    if (!response.ok) throw new Error(`${functionName} answered HTTP ${response.status}`);
    return Date.now() - startedAt >= budgetMs * BACKLOG_SHARE && (body?.pending?.due ?? 0) > 0;
  };
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .then((more) => {
        // Hosted, the next scheduled call overlaps the last (every 10 s, 20 s each): a backlog is
        // worked without a pause. Here one call runs at a time, so the next one starts at once.
        if (more && !stopped) setImmediate(tick);
      })
      .catch((error: unknown) => {
        if (!stopped) console.error(`local-supabase: ${functionName} failed`, error);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
