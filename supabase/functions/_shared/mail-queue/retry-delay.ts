/** The first wait after a failed try; each later one doubles, up to RETRY_DELAY_CAP_MS. */
export const RETRY_DELAY_BASE_MS = 5_000;
export const RETRY_DELAY_CAP_MS = 30 * 60 * 1000;

/**
 * How long to wait after the n-th failed try (1-based): exponential, capped, with "equal jitter" (half
 * fixed, half random) so that messages failed by one outage do not all come back in the same second.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_DELAY_CAP_MS, RETRY_DELAY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
