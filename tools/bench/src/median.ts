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
