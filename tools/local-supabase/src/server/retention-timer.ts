import { asServer, type Database } from '../db/database.ts';
import type { RetentionOptions } from '../public-types.ts';

export interface RetentionTimer {
  /** Runs the job once, now, and answers what it deleted. */
  runOnce(): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The local counterpart of hosted Supabase's pg_cron job: public.apply_retention at a fixed interval,
 * with this server's clock. A run that fails is reported and the next one tries again.
 */
export function startRetentionTimer(database: Database, options: RetentionOptions): RetentionTimer {
  const now = options.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    const run = running.then(() =>
      database.transaction(async (db) => {
        await asServer(db);
        const { rows } = await db.query<{ result: unknown }>(
          'select public.apply_retention($1) as result',
          [now().toISOString()],
        );
        return rows[0].result;
      }),
    );
    running = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => console.error('local-supabase: retention failed', error));
  }, options.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
