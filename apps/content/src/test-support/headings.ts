/** Levels of the headings in a container, in document order. */
export function headingLevels(container: HTMLElement): number[] {
  return Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) =>
    Number(heading.tagName[1]),
  );
}

/** Problems with an outline: not exactly one h1, an h1 that is not first, or a level skipped going down. */
export function outlineProblems(container: HTMLElement): string[] {
  const levels = headingLevels(container);
  const problems: string[] = [];
  if (levels.filter((level) => level === 1).length !== 1)
    problems.push(`expected one h1, found ${levels.filter((level) => level === 1).length}`);
  if (levels[0] !== 1) problems.push(`first heading is h${levels[0]}`);
  levels.forEach((level, index) => {
    if (index > 0 && level > levels[index - 1] + 1)
      problems.push(`h${levels[index - 1]} is followed by h${level}`);
  });
  return problems;
}
