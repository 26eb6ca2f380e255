import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe on the page as it is, run inside the page itself. Its default mode runs each frame's part in the
 * page, then opens a blank page in the context (a renderer process of its own) to put the parts
 * together: that blank page cost more than the run. The site's pages have no frames of another
 * origin, the only thing legacy mode cannot test (axe's frame-tested rule would name such a frame);
 * the rules and the nodes they check are the same either way.
 *
 * Only violations are read, so axe gathers only those in full (`resultTypes`): for passes,
 * incomplete and inapplicable results it keeps one node a rule instead of making a selector and an
 * HTML extract for every node checked, which the worker then received and threw away. Every rule still
 * runs on every node, and each violation still names all its nodes.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** The WCAG 2.2 A and AA rules the site is held to. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG A/AA violations inside `selectors` only (by default the page's main area: the header and
 * footer belong to the shell and have tests of their own), as "rule: targets" lines.
 */
export async function wcagViolations(
  page: Page,
  selectors: readonly string[] = ['main'],
): Promise<string[]> {
  let builder = axeOn(page).withTags(WCAG_AA);
  for (const selector of selectors) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
