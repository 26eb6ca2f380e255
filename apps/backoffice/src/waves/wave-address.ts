/** The query parameter that opens one wave's page in the console (`?view=waves&wave=<id>`). */
export const WAVE_PARAM = 'wave';

export function waveSearch(id: number): string {
  return `?${new URLSearchParams({ view: 'waves', [WAVE_PARAM]: String(id) }).toString()}`;
}

/** The wave the address names, or null. */
export function waveOf(search: string): number | null {
  const value = new URLSearchParams(search).get(WAVE_PARAM);
  return value !== null && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}
