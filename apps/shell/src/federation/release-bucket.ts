// Which release of each remote this visitor gets while a canary runs (docs/architecture.md, "Canary
// and rollback"). Each browser draws a bucket, 0–99, once, and keeps it in localStorage: no cookie,
// nothing sent anywhere, and a number a hundredth of all visitors share, so it identifies no one.
// A canary at 10 % goes to buckets 0–9, and stays with them as it grows. Entry-chunk code: stateless.
import { REMOTE_NAMES, type RemoteName } from '@agentora/contracts/apps';
import type { RuntimeConfig } from '@agentora/data/runtime-config';

export const BUCKET_STORAGE_KEY = 'agentora.release-bucket';

/** This browser's bucket, drawn on its first visit; without storage, one per page load. */
export function visitorBucket(
  storage: Storage | undefined,
  draw: () => number = () => crypto.getRandomValues(new Uint8Array(1))[0]! % 100,
): number {
  try {
    const stored = storage?.getItem(BUCKET_STORAGE_KEY);
    if (stored && /^\d{1,2}$/.test(stored)) return Number(stored);
  } catch {
    // Storage refused: a bucket for this page.
  }
  const bucket = draw();
  try {
    storage?.setItem(BUCKET_STORAGE_KEY, String(bucket));
  } catch {
    // As above.
  }
  return bucket;
}

/** Each remote's manifest for a visitor in `bucket`: the canary's when the bucket is in its share. */
export function remotesForBucket(
  config: RuntimeConfig,
  bucket: number,
): Record<RemoteName, string> {
  const remotes = { ...config.remotes };
  for (const remote of REMOTE_NAMES) {
    const canary = config.canaries?.[remote];
    if (canary && bucket < canary.percent) remotes[remote] = canary.manifest;
  }
  return remotes;
}
