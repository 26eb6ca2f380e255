/** Buckets kept before full ones (clients quiet long enough to have their whole allowance) are dropped. */
const MAX_TRACKED_KEYS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key (a client address, or one key for the whole server): `limit` requests, given
 * back evenly over `perMs`, as Supabase Auth's limiters allow a burst and then a steady rate. A limit of
 * 0 refuses everything, as Auth does.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: number;
  private readonly perMs: number;
  private readonly now: () => number;

  constructor(limit: number, perMs: number, now: () => number) {
    this.limit = limit;
    this.perMs = perMs;
    this.now = now;
  }

  /** Takes one request from the key's allowance; false when none is left. */
  take(key = ''): boolean {
    if (this.limit <= 0) return false;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, at: now };
    const refilled = (Math.max(0, now - bucket.at) * this.limit) / this.perMs;
    bucket.tokens = Math.min(this.limit, bucket.tokens + refilled);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_TRACKED_KEYS) this.forgetFull(now);
    return true;
  }

  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.limit) / this.perMs >= this.limit) {
        this.buckets.delete(key);
      }
    }
    // Memory stays bounded even when every tracked client is still limited: the oldest go first.
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_TRACKED_KEYS) break;
      this.buckets.delete(key);
    }
  }
}
