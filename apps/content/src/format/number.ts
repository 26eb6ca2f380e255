const COUNT = new Intl.NumberFormat('en-US');

/** "4,820" */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** "1 article" / "5 articles" */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}
