/** "4,820". Counts are whole numbers; grouping them needs no Intl.NumberFormat (costly to create at start-up). */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a count: ${value}`);
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 article" / "5 articles" */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}
