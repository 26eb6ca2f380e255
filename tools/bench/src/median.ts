/**
 * The median run by a score, as Lighthouse CI reports it: runs without a score (a failed pass) are left
 * out; ties keep run order; with an even count the lower of the two middle runs is taken, so the
 * report never looks better than half the runs.
 */
export function pickMedianRun<T>(
  runs: readonly T[],
  score: (run: T) => number | null | undefined,
): { run: T; index: number } | undefined {
  const scored = runs
    .map((run, index) => ({ run, index, value: score(run) }))
    .filter(
      (entry): entry is { run: T; index: number; value: number } =>
        typeof entry.value === 'number' && Number.isFinite(entry.value),
    );
  if (scored.length === 0) return undefined;
  scored.sort((a, b) => a.value - b.value || a.index - b.index);
  const middle = scored[Math.floor((scored.length - 1) / 2)];
  return { run: middle.run, index: middle.index };
}

/**
 * The median of one metric over the runs that measured it, for a metric where less is better (LCP):
 * with an even count the higher of the two middle values. Comparing two builds on it is steadier
 * than comparing their median runs by score: Lighthouse's simulated LCP moves in steps between runs
 * of the same page (0.67, 0.70, 0.75, 0.81 s here), and the run with the median score need not be
 * the one with the median LCP.
 */
export function medianMetric<T>(
  runs: readonly T[],
  metric: (run: T) => number | null | undefined,
): number | undefined {
  const values = runs
    .map(metric)
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
    .sort((a, b) => a - b);
  return values.length === 0 ? undefined : values[Math.floor(values.length / 2)];
}
