import { asServer, type Database } from '../db/database.ts';
import type { LaunchWaveOptions } from '../public-types.ts';

export interface LaunchWaveTimer {
  stop(): Promise<void>;
}

/**
 * The local counterpart of hosted Supabase's pg_cron job of supabase/schemas/launch-waves.sql:
 * public.run_launch_waves at a fixed interval, which starts the scheduled waves whose time has come and
 * queues the reminders that are due. One run at a time; a run that fails is reported and the next one
 * tries again.
 */
export function startLaunchWaveTimer(
  database: Database,
  options: LaunchWaveOptions,
): LaunchWaveTimer {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = database
      .transaction(async (db) => {
        await asServer(db);
        await db.query('select public.run_launch_waves()');
      })
      .catch((error: unknown) => console.error('local-supabase: launch waves failed', error))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
