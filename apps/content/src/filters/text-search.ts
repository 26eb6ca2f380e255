/** What the visitor typed, as compared: trimmed and lower-cased. Empty means "no search". */
export function normalizeSearch(search: string): string {
  return search.trim().toLowerCase();
}

/**
 * True when the search is empty or occurs (case-insensitively) in any of the fields. Lists of
 * strings (tags, topics) count as fields, one entry at a time.
 */
export function matchesSearch(
  search: string,
  fields: ReadonlyArray<string | readonly string[]>,
): boolean {
  const needle = normalizeSearch(search);
  if (needle === '') return true;
  return fields.some((field) =>
    typeof field === 'string'
      ? field.toLowerCase().includes(needle)
      : field.some((entry) => entry.toLowerCase().includes(needle)),
  );
}

/** The 'All' entry of every select filter. */
export const ALL = 'All';

/** A select filter passes everything on 'All', otherwise only the exact value. */
export function matchesOption(selected: string, value: string): boolean {
  return selected === ALL || selected === value;
}
