const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US');

/**
 * Sign-ups per landing, as a percentage ('—' when nothing landed: no rate to give). Above 100% is
 * possible: a visit whose beacon was blocked, or a bot filtered out, still signs up.
 */
export function conversion(signups: number, landings: number): string {
  return landings > 0 ? percent.format(signups / landings) : '—';
}

export const formatCount = (value: number) => count.format(value);

/** The days a report covers, as its heading says them (UTC, both included; blank is open-ended). */
export function rangeText(from: string | null, to: string | null): string {
  if (from && to) return from === to ? `on ${from}` : `from ${from} to ${to}`;
  if (from) return `from ${from} on`;
  if (to) return `up to ${to}`;
  return 'all time';
}
