import type { WavePoint } from '../backend/console-types';

// A wave's course as its chart draws it: each step's running total over time, from the periods the
// database counts (console_wave's series: only the periods with something in them).

export const WAVE_SERIES = ['mailed', 'delivered', 'bounced', 'joined'] as const;
export type WaveSeries = (typeof WAVE_SERIES)[number];

export const WAVE_SERIES_LABELS: Record<WaveSeries, string> = {
  mailed: 'Mailed',
  delivered: 'Delivered',
  bounced: 'Bounced',
  joined: 'Joined',
};

/** The running totals at each period, in order: the last of each is the funnel's number. */
export function runningTotals(points: readonly WavePoint[]): Record<WaveSeries, number[]> {
  const totals = Object.fromEntries(
    WAVE_SERIES.map((series) => [series, [] as number[]]),
  ) as Record<WaveSeries, number[]>;
  const sorted = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const series of WAVE_SERIES) {
    let sum = 0;
    for (const point of sorted) totals[series].push((sum += Number(point[series])));
  }
  return totals;
}
