import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  for (const selector of selectors) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
