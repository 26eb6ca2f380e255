import type { ResumeStore } from '../resumes/resume-store.ts';
import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';

/**
 * public.resume_removals: résumé files whose application is gone (erased or expired), queued by the
 * same transaction that deleted the row, until the storage API has removed them.
 */
export interface ResumeRemovalQueue {
  queued(limit: number): Promise<string[]>;
  dequeue(paths: string[]): Promise<void>;
}

export function createResumeRemovalQueue(client: Pick<ServiceClient, 'from'>): ResumeRemovalQueue {
  return {
    async queued(limit) {
      const { data, error } = await client.from('resume_removals').select('path').limit(limit);
      if (error) throw new Error(`Reading resume_removals failed: ${describeServiceError(error)}`);
      return ((data as { path: string }[] | null) ?? []).map((row) => row.path);
    },
    async dequeue(paths) {
      if (paths.length === 0) return;
      const { error } = await client.from('resume_removals').delete().in('path', paths);
      if (error)
        throw new Error(`Dequeuing résumé removals failed: ${describeServiceError(error)}`);
    },
  };
}

export interface ResumeRemoval {
  resumes: ResumeStore;
  queue: ResumeRemovalQueue;
  logError: (message: string, error: unknown) => void;
}

/**
 * Removes queued files and takes them off the queue. A failure leaves them queued for the next run of
 * `npm run expire-applications` (or of the local server's retention timer); nothing is forgotten.
 */
export async function removeQueuedResumes(
  removal: ResumeRemoval,
  paths: string[],
): Promise<{ removed: number; pending: number }> {
  if (paths.length === 0) return { removed: 0, pending: 0 };
  try {
    await removal.resumes.remove(...paths);
    await removal.queue.dequeue(paths);
    return { removed: paths.length, pending: 0 };
  } catch (error) {
    removal.logError(`résumé removal: ${paths.length} file(s) stay queued`, error);
    return { removed: 0, pending: paths.length };
  }
}

/** Works through the whole queue, a batch at a time; returns how many files were removed. */
export async function drainResumeRemovals(removal: ResumeRemoval, batch = 100): Promise<number> {
  let removed = 0;
  for (;;) {
    const paths = await removal.queue.queued(batch);
    if (paths.length === 0) return removed;
    const outcome = await removeQueuedResumes(removal, paths);
    removed += outcome.removed;
    if (outcome.pending > 0) return removed;
  }
}
