import type { Pace } from '../api/pace.ts';
import type { ResendStats } from '../api/stats.ts';
import type { MailStore } from './mail-store.ts';

/** What the email routes share with the rest of the API: the store, the counts, the pace, the clock. */
export interface EmailContext {
  store: MailStore;
  stats: ResendStats;
  pace: Pace;
  now: () => number;
}
