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
export function startWorkerTimer(
  settings: { url: string; secretKey: string },
  functionName: string,
  options: WorkerTimerOptions,
): WorkerTimer {
  let running: Promise<void> | undefined;
  let stopped = false;
  const controller = new AbortController();
  const run = async () => {
    const response = await fetch(`${settings.url}/functions/v1/${functionName}`, {
      method: 'POST',
      headers: { apikey: settings.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: options.seconds ?? 20, wait: true }),
      signal: controller.signal,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${functionName} answered HTTP ${response.status}`);
  };
  const tick = () => {
    if (running || stopped) return;
    running = run()
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
