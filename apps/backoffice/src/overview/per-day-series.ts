import type { DayCount } from '../backend/console-types';

export const SERIES = ['early_access', 'waitlist', 'newsletter', 'career'] as const;
export type Series = (typeof SERIES)[number];

export const SERIES_LABELS: Record<Series, string> = {
  early_access: 'Early access',
  waitlist: 'Waitlist',
  newsletter: 'Newsletter',
  career: 'Applications',
};

/** The days from `from` to `to` (YYYY-MM-DD, UTC), both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= end && days.length < 400; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The last `count` days up to `today`, as the overview's default range. */
export function lastDays(today: Date, count: number): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - (count - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** A count for every day and series (0 where the database had no row), and each series' total. */
export function perDaySeries(days: readonly string[], counts: readonly DayCount[]) {
  const byKey = new Map(
    counts.map((entry) => [`${entry.day.slice(0, 10)} ${entry.form}`, entry.count]),
  );
  const values = Object.fromEntries(
    SERIES.map((series) => [series, days.map((day) => byKey.get(`${day} ${series}`) ?? 0)]),
  ) as Record<Series, number[]>;
  const totals = Object.fromEntries(
    SERIES.map((series) => [series, values[series].reduce((sum, value) => sum + value, 0)]),
  ) as Record<Series, number>;
  return { values, totals };
}
