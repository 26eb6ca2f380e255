// Dates are ISO calendar days. Formatting them in UTC keeps "2025-10-28" on the 28th in every time
// zone (a local-time format would show the 27th west of Greenwich).
const LONG = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const SHORT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "October 28, 2025" */
export function formatDate(isoDate: string): string {
  return LONG.format(new Date(isoDate));
}

/** "Oct 28, 2025" */
export function formatShortDate(isoDate: string): string {
  return SHORT.format(new Date(isoDate));
}
