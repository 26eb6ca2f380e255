/**
 * Splits a (filtered) list into its featured item, if that item is still in the list, and the rest.
 * The featured card and the grid therefore always show exactly what the filters let through.
 */
export function splitFeatured<T extends { featured: boolean }>(
  items: readonly T[],
): { featured: T | undefined; rest: T[] } {
  const featured = items.find((item) => item.featured);
  return { featured, rest: items.filter((item) => item !== featured) };
}
