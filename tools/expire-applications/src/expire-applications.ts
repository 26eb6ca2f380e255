import type { SupabaseClient } from '@supabase/supabase-js';
import {
  createResumeRemovalQueue,
  drainResumeRemovals,
} from '@agentora/backend/privacy/resume-removals';
import { createResumeStore } from '@agentora/backend/resumes/resume-store';

export interface Expiry {
  /** Applications deleted for being older than 12 months. */
  applications: number;
  /** Résumé files removed: those applications', and any an erasure could not remove at once. */
  resumesRemoved: number;
}

export class ExpiryError extends Error {
  override name = 'ExpiryError';
}

/**
 * The applications' retention (docs/security.md, "Retention"): public.expire_applications deletes the
 * rows older than 12 months at `now` and queues their résumé files in the same transaction; the files are
 * then removed through the storage API (SQL cannot remove the bytes), with whatever else is queued.
 * `client` must use the service role key.
 */
export async function expireApplications(client: SupabaseClient, now: Date): Promise<Expiry> {
  const { data, error } = await client.rpc('expire_applications', { p_now: now.toISOString() });
  if (error) throw new ExpiryError(`expire_applications failed: ${error.message}`);
  const applications = (data as { applications?: unknown } | null)?.applications;
  if (typeof applications !== 'number')
    throw new ExpiryError('expire_applications answered no count');
  let failure: unknown;
  const resumesRemoved = await drainResumeRemovals({
    resumes: createResumeStore(client),
    queue: createResumeRemovalQueue(client),
    logError: (_message, error) => {
      failure = error;
    },
  });
  if (failure) {
    throw new ExpiryError(
      `${applications} application(s) deleted, ${resumesRemoved} résumé(s) removed, but a removal failed and stays queued: ${String(failure)}`,
    );
  }
  return { applications, resumesRemoved };
}
