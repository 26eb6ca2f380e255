import { failure, internalError, type Answer } from './answer.ts';
import type { ResendStats } from './stats.ts';

// The pace every route shares: Resend's rate limit (one count for the team, whatever the route or the
// key) and the faults the tests order (a share of requests answered 500, before or after the change).

export interface PaceOptions {
  /** Requests accepted per second, all callers together (Resend's default is 2). 0: no limit. */
  ratePerSecond?: number;
  /** The share (0..1) of requests, within the rate, answered 500 after the change was made or not. */
  errorRate?: number;
  /**
   * Of the failures, whether the change was made before the error (as a lost answer would leave it):
   * true, false (the default: a 500 changed nothing), or the share (0..1) of failures that made it.
   */
  failAfterAccepting?: boolean | number;
  /** For the error rate; default Math.random. Tests pass a fixed sequence. */
  random?: () => number;
  /** The clock; default Date.now. */
  now?: () => number;
}

/** Whether a request fails, and if so whether what it asked was done first. */
export interface Fault {
  fails: boolean;
  tookIt: boolean;
}

export interface Pace {
  /** Takes a place in the current second, or answers 429 rate_limit_exceeded with Retry-After. */
  limited(): Answer | undefined;
  /** Rolls for an injected failure. */
  roll(): Fault;
}

export function createPace(options: PaceOptions, stats: ResendStats): Pace {
  const rate = options.ratePerSecond ?? 2;
  const errorRate = options.errorRate ?? 0;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const recent: number[] = [];
  return {
    /** A sliding one-second window, as a per-second rate limit. */
    limited() {
      if (rate <= 0) return undefined;
      const at = now();
      while (recent.length > 0 && recent[0] <= at - 1000) recent.shift();
      if (recent.length < rate) {
        recent.push(at);
        return undefined;
      }
      const seconds = Math.max(1, Math.ceil((recent[0] + 1000 - at) / 1000));
      stats.rateLimited += 1;
      return failure(
        429,
        'rate_limit_exceeded',
        `Too many requests. You can only make ${rate} requests per second.`,
        {
          'Retry-After': String(seconds),
          'ratelimit-limit': String(rate),
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(seconds),
        },
      );
    },
    roll() {
      const fails = errorRate > 0 && random() < errorRate;
      const afterAccepting = options.failAfterAccepting ?? false;
      const tookIt =
        fails &&
        (typeof afterAccepting === 'boolean'
          ? afterAccepting
          : afterAccepting > 0 && (afterAccepting >= 1 || random() < afterAccepting));
      return { fails, tookIt };
    },
  };
}

/**
 * Answers a request under the error rate: a failure before the change makes none, one after it keeps
 * the change (as a lost answer would leave it); both answer 500 and count as failed.
 */
export async function underFaults(
  pace: Pace,
  stats: ResendStats,
  change: () => Answer | Promise<Answer>,
): Promise<Answer> {
  const { fails, tookIt } = pace.roll();
  if (fails && !tookIt) {
    stats.failed += 1;
    return internalError();
  }
  const answer = await change();
  if (!fails) return answer;
  stats.failed += 1;
  return internalError();
}
