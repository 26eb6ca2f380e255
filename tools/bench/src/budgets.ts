import { findRoute } from '@agentora/data/routes';
import type { HomeJsBreakdown, RouteResult, SupabaseLazyResult } from './measurements.ts';

export const KIB = 1024;

/** The budgets of issue 8. Scores are Lighthouse's displayed 0-100 numbers. */
export const BUDGETS = {
  performance: { min: 90 },
  accessibility: { min: 100 },
  bestPractices: { min: 95 },
  seo: { min: 100 },
  cls: { max: 0.02 },
  axeViolations: { max: 0 },
  reactCopies: { exactly: 1 },
  /** "200 KB gzip", counted in KiB as Lighthouse displays bytes. */
  homeJsGzipBytes: { max: 200 * KIB },
} as const;

export type BudgetId = 'performance' | 'accessibility' | 'best-practices' | 'seo' | 'cls' | 'axe' | 'react-copies' | 'home-js' | 'supabase-lazy';

export interface BudgetCheck {
  /** A route, or 'site' for the whole-site budgets. */
  scope: string;
  id: BudgetId;
  label: string;
  value: number | boolean | null;
  actual: string;
  limit: string;
  pass: boolean;
}

// Lighthouse reports CLS as a float sum; 0.02 may arrive as 0.020000000000000004.
const CLS_EPSILON = 1e-9;

function atLeast(scope: string, id: BudgetId, label: string, value: number | null, min: number): BudgetCheck {
  const limit = min === 100 ? '= 100' : `≥ ${min}`;
  return { scope, id, label, value, actual: value === null ? 'no data' : String(value), limit, pass: value !== null && value >= min };
}

export function evaluateRouteBudgets(result: RouteResult): BudgetCheck[] {
  const { route } = result;
  const median = result.lighthouse.median;
  const scores = median?.scores;
  const cls = median?.cls ?? null;
  const checks: BudgetCheck[] = [
    atLeast(route, 'performance', 'Lighthouse performance', scores?.performance ?? null, BUDGETS.performance.min),
    atLeast(route, 'accessibility', 'Lighthouse accessibility', scores?.accessibility ?? null, BUDGETS.accessibility.min),
    atLeast(route, 'best-practices', 'Lighthouse best practices', scores?.bestPractices ?? null, BUDGETS.bestPractices.min),
    // The pages of mail links ask search engines not to index them, which Lighthouse scores as an SEO
    // failure: for them the score is reported, not budgeted.
    findRoute(route)?.noindex
      ? { scope: route, id: 'seo', label: 'Lighthouse SEO', value: scores?.seo ?? null, actual: String(scores?.seo ?? 'no data'), limit: 'none (noindex)', pass: true }
      : atLeast(route, 'seo', 'Lighthouse SEO', scores?.seo ?? null, BUDGETS.seo.min),
    {
      scope: route,
      id: 'cls',
      label: 'Cumulative Layout Shift',
      value: cls,
      actual: cls === null ? 'no data' : cls.toFixed(3),
      limit: `≤ ${BUDGETS.cls.max}`,
      pass: cls !== null && cls <= BUDGETS.cls.max + CLS_EPSILON,
    },
  ];
  const axe = result.axe;
  const axeMeasured = axe !== undefined && axe.error === undefined;
  checks.push({
    scope: route,
    id: 'axe',
    label: 'axe-core violations',
    value: axeMeasured ? axe.total : null,
    actual: axeMeasured ? `${axe.total}${axe.total ? ` (${axe.violations.map((violation) => violation.id).join(', ')})` : ''}` : `no data${axe?.error ? `: ${axe.error}` : ''}`,
    limit: `= ${BUDGETS.axeViolations.max}`,
    pass: axeMeasured && axe.total <= BUDGETS.axeViolations.max,
  });
  const copies = result.react?.copies ?? null;
  checks.push({
    scope: route,
    id: 'react-copies',
    label: 'copies of react-dom loaded',
    value: copies,
    actual: copies === null ? 'no data' : String(copies),
    limit: `= ${BUDGETS.reactCopies.exactly}`,
    pass: copies === BUDGETS.reactCopies.exactly,
  });
  return checks;
}

export interface SiteMeasurements {
  routes: readonly RouteResult[];
  homeJs?: HomeJsBreakdown;
  supabase?: SupabaseLazyResult;
}

/**
 * The home page's first-load JS in gzip bytes: from the median Lighthouse run of '/' when it was
 * measured, else from the breakdown's own load of the page.
 */
export function homeJsGzipBytes(site: SiteMeasurements): { bytes: number; source: string } | null {
  const home = site.routes.find((route) => route.route === '/')?.lighthouse.jsGzipBytes;
  if (typeof home === 'number') return { bytes: home, source: 'Lighthouse median run of /' };
  if (site.homeJs && !site.homeJs.error) return { bytes: site.homeJs.totalGzipBytes, source: 'breakdown load of /' };
  return null;
}

export function evaluateSiteBudgets(site: SiteMeasurements): BudgetCheck[] {
  const home = homeJsGzipBytes(site);
  const checks: BudgetCheck[] = [
    {
      scope: 'site',
      id: 'home-js',
      label: 'home page first-load JS (gzip)',
      value: home?.bytes ?? null,
      actual: home ? `${(home.bytes / KIB).toFixed(1)} KiB` : 'no data',
      limit: `≤ ${BUDGETS.homeJsGzipBytes.max / KIB} KiB`,
      pass: home !== null && home.bytes <= BUDGETS.homeJsGzipBytes.max,
    },
  ];
  const pages = site.supabase?.pages ?? [];
  const measured = pages.filter((page) => page.error === undefined || page.scriptsBeforeSubmit > 0);
  const early = pages.filter((page) => page.loadedBeforeSubmit).map((page) => page.route);
  // "Not loaded" only means something if the same detector then sees it load after a submit.
  const proven = pages.some((page) => page.loadedAfterSubmit);
  const lazy = measured.length > 0 && early.length === 0 && proven;
  checks.push({
    scope: 'site',
    id: 'supabase-lazy',
    label: 'supabase-js not fetched before the first form submit',
    value: lazy,
    actual:
      measured.length === 0
        ? 'no data'
        : early.length > 0
          ? `loaded on first paint of ${early.join(', ')}`
          : proven
            ? 'lazy (loaded only after submit)'
            : 'not loaded before submit, but not seen after submit either (detector unproven)',
    limit: 'not before submit',
    pass: lazy,
  });
  return checks;
}

export function evaluateBudgets(site: SiteMeasurements): BudgetCheck[] {
  return [...site.routes.flatMap(evaluateRouteBudgets), ...evaluateSiteBudgets(site)];
}
