import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import {
  IMPACTS,
  type AxeRouteResult,
  type AxeViolation,
  type Impact,
  type ReactCopiesResult,
} from './measurements.ts';
import {
  DESKTOP_VIEWPORT,
  loadRoute,
  MOBILE_VIEWPORT,
  REACT_DOM_CLIENT_MARKER,
  scriptsContaining,
  trackScripts,
} from './page-scripts.ts';

export const AXE_VIEWPORTS = [MOBILE_VIEWPORT, DESKTOP_VIEWPORT];

export interface AxeRouteOutcome {
  axe: AxeRouteResult;
  react: ReactCopiesResult;
}

function emptyCounts(): Record<Impact, number> {
  return { critical: 0, serious: 0, moderate: 0, minor: 0 };
}

/**
 * axe-core's default rule set (WCAG 2.x A/AA plus its best-practice rules) on a rendered route, at a
 * phone and a desktop size (the header and footer lay out differently); a rule failing at both
 * counts once. The same loads count the copies of react-dom's client among the page's scripts.
 */
export async function axeRoute(
  browser: Browser,
  siteUrl: string,
  route: string,
): Promise<AxeRouteOutcome> {
  const url = new URL(route, siteUrl).href;
  const violations = new Map<string, AxeViolation>();
  const consoleErrors = new Set<string>();
  const reactScripts = new Set<string>();
  const failures: string[] = [];
  for (const { name, ...contextOptions } of AXE_VIEWPORTS) {
    const context = await browser.newContext(contextOptions);
    try {
      const page = await context.newPage();
      const tracker = trackScripts(page);
      await loadRoute(page, url);
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        const impact: Impact = IMPACTS.includes(violation.impact as Impact)
          ? (violation.impact as Impact)
          : 'minor';
        const known = violations.get(violation.id);
        const targets = violation.nodes.map((node) => node.target.map(String).join(' '));
        // styled-components class names say little; the element's opening HTML says which one it is.
        const snippets = violation.nodes.map((node) =>
          node.html.replace(/\s+/g, ' ').slice(0, 160),
        );
        if (known) {
          known.nodes += violation.nodes.length;
          known.viewports.push(name);
          known.targets = [...new Set([...known.targets, ...targets])].slice(0, 5);
          known.snippets = [...new Set([...known.snippets, ...snippets])].slice(0, 3);
        } else {
          violations.set(violation.id, {
            id: violation.id,
            impact,
            help: violation.help,
            helpUrl: violation.helpUrl,
            nodes: violation.nodes.length,
            targets: targets.slice(0, 5),
            snippets: snippets.slice(0, 3),
            viewports: [name],
          });
        }
      }
      for (const script of scriptsContaining(await tracker.scripts(), REACT_DOM_CLIENT_MARKER))
        reactScripts.add(script.url);
      for (const error of tracker.errors) consoleErrors.add(error);
    } catch (error) {
      failures.push(
        `${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    } finally {
      await context.close();
    }
  }
  const counts = emptyCounts();
  for (const violation of violations.values()) counts[violation.impact]++;
  const list = [...violations.values()].sort(
    (a, b) => IMPACTS.indexOf(a.impact) - IMPACTS.indexOf(b.impact) || a.id.localeCompare(b.id),
  );
  return {
    axe: {
      counts,
      total: list.length,
      violations: list,
      consoleErrors: [...consoleErrors],
      ...(failures.length > 0 ? { error: failures.join('; ') } : {}),
    },
    react: { copies: reactScripts.size, scripts: [...reactScripts] },
  };
}
