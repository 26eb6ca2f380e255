import type { MailQueueOptions } from '../public-types.ts';

export interface MailQueueTimer {
  stop(): Promise<void>;
}

/**
 * The local counterpart of the pg_cron job of docs/deploying-the-backend.md: calls the send-queued-mail
 * function through this server's own gateway, with the secret key, as pg_net does on hosted Supabase. So
 * the queue is drained by the same code, on Deno, in both places. One call at a time; a failed call is
 * reported and the next one tries again.
 */
export function startMailQueueTimer(
  settings: { url: string; secretKey: string },
  options: MailQueueOptions,
): MailQueueTimer {
  let running: Promise<void> | undefined;
  let stopped = false;
  const controller = new AbortController();
  const run = async () => {
    const response = await fetch(`${settings.url}/functions/v1/send-queued-mail`, {
      method: 'POST',
      headers: { apikey: settings.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: options.seconds ?? 20, wait: true }),
      signal: controller.signal,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`send-queued-mail answered HTTP ${response.status}`);
  };
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch((error: unknown) => {
        if (!stopped) console.error('local-supabase: sending queued mail failed', error);
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
