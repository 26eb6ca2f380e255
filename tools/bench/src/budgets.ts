import { findRoute } from '@agentora/data/routes';
import {
  medianTiming,
  type HomeJsBreakdown,
  type RouteResult,
  type SupabaseLazyResult,
} from './measurements.ts';

export const KIB = 1024;

/**
 * The budgets (docs/prerendering.md, "Budgets"). Scores are Lighthouse's displayed 0-100 numbers;
 * "KB" are counted in KiB, as Lighthouse displays bytes.
 */
export const BUDGETS = {
  performance: { min: 98 },
  accessibility: { min: 100 },
  bestPractices: { min: 95 },
  seo: { min: 100 },
  lcpMs: { max: 1300 },
  tbtMs: { max: 50 },
  cls: { max: 0 },
  axeViolations: { max: 0 },
  reactCopies: { exactly: 1 },
  /** The first load's scripts as gzip, on every route. */
  jsGzipBytes: { max: 160 * KIB },
  /** The federated site against the single-bundle reference, route by route: at most 10 % more. */
  vsReference: { maxRatio: 1.1 },
} as const;

export type BudgetId =
  | 'performance'
  | 'accessibility'
  | 'best-practices'
  | 'seo'
  | 'lcp'
  | 'tbt'
  | 'cls'
  | 'first-load-js'
  | 'lcp-vs-reference'
  | 'js-vs-reference'
  | 'axe'
  | 'react-copies'
  | 'supabase-lazy';

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

// Lighthouse reports CLS as a float sum; a sum of zeros may arrive as 1e-17.
const CLS_EPSILON = 1e-9;

function atMost(
  scope: string,
  id: BudgetId,
  label: string,
  value: number | null,
  max: number,
  show: (value: number) => string,
): BudgetCheck {
  return {
    scope,
    id,
    label,
    value,
    actual: value === null ? 'no data' : show(value),
    limit: `≤ ${show(max)}`,
    pass: value !== null && value <= max,
  };
}

/** The federated value over the reference's, checked against BUDGETS.vsReference. */
function vsReference(
  scope: string,
  id: BudgetId,
  label: string,
  federated: number | null | undefined,
  reference: number | null | undefined,
): BudgetCheck {
  const ratio =
    typeof federated === 'number' && typeof reference === 'number' && reference > 0
      ? federated / reference
      : null;
  return {
    scope,
    id,
    label,
    value: ratio,
    actual: ratio === null ? 'no data' : `×${ratio.toFixed(2)}`,
    limit: `≤ ×${BUDGETS.vsReference.maxRatio.toFixed(2)}`,
    pass: ratio !== null && ratio <= BUDGETS.vsReference.maxRatio + 1e-9,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const milliseconds = (ms: number) => `${Math.round(ms)} ms`;
const kibibytes = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

function atLeast(
  scope: string,
  id: BudgetId,
  label: string,
  value: number | null,
  min: number,
): BudgetCheck {
  const limit = min === 100 ? '= 100' : `≥ ${min}`;
  return {
    scope,
    id,
    label,
    value,
    actual: value === null ? 'no data' : String(value),
    limit,
    pass: value !== null && value >= min,
  };
}

export function evaluateRouteBudgets(result: RouteResult): BudgetCheck[] {
  const { route } = result;
  const median = result.lighthouse.median;
  const scores = median?.scores;
  const cls = medianTiming(result.lighthouse, 'cls') ?? null;
  const checks: BudgetCheck[] = [
    atLeast(
      route,
      'performance',
      'Lighthouse performance',
      scores?.performance ?? null,
      BUDGETS.performance.min,
    ),
    atLeast(
      route,
      'accessibility',
      'Lighthouse accessibility',
      scores?.accessibility ?? null,
      BUDGETS.accessibility.min,
    ),
    atLeast(
      route,
      'best-practices',
      'Lighthouse best practices',
      scores?.bestPractices ?? null,
      BUDGETS.bestPractices.min,
    ),
    // The pages of mail links ask search engines not to index them, which Lighthouse scores as an SEO
    // failure: for them the score is reported, not budgeted.
    findRoute(route)?.noindex
      ? {
          scope: route,
          id: 'seo',
          label: 'Lighthouse SEO',
          value: scores?.seo ?? null,
          actual: String(scores?.seo ?? 'no data'),
          limit: 'none (noindex)',
          pass: true,
        }
      : atLeast(route, 'seo', 'Lighthouse SEO', scores?.seo ?? null, BUDGETS.seo.min),
    atMost(
      route,
      'lcp',
      'Largest Contentful Paint',
      medianTiming(result.lighthouse, 'lcpMs') ?? null,
      BUDGETS.lcpMs.max,
      seconds,
    ),
    atMost(
      route,
      'tbt',
      'Total Blocking Time',
      medianTiming(result.lighthouse, 'tbtMs') ?? null,
      BUDGETS.tbtMs.max,
      milliseconds,
    ),
    {
      scope: route,
      id: 'cls',
      label: 'Cumulative Layout Shift',
      value: cls,
      actual: cls === null ? 'no data' : cls.toFixed(3),
      limit: `= ${BUDGETS.cls.max}`,
      pass: cls !== null && cls <= BUDGETS.cls.max + CLS_EPSILON,
    },
    atMost(
      route,
      'first-load-js',
      'first-load JS (gzip)',
      result.lighthouse.jsGzipBytes,
      BUDGETS.jsGzipBytes.max,
      kibibytes,
    ),
    vsReference(
      route,
      'lcp-vs-reference',
      'LCP against the single-bundle build',
      medianTiming(result.lighthouse, 'lcpMs'),
      result.reference && medianTiming(result.reference, 'lcpMs'),
    ),
    vsReference(
      route,
      'js-vs-reference',
      'first-load JS against the single-bundle build',
      result.lighthouse.jsGzipBytes,
      result.reference?.jsGzipBytes,
    ),
  ];
  const axe = result.axe;
  const axeMeasured = axe !== undefined && axe.error === undefined;
  checks.push({
    scope: route,
    id: 'axe',
    label: 'axe-core violations',
    value: axeMeasured ? axe.total : null,
    actual: axeMeasured
      ? `${axe.total}${axe.total ? ` (${axe.violations.map((violation) => violation.id).join(', ')})` : ''}`
      : `no data${axe?.error ? `: ${axe.error}` : ''}`,
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
  return findRoute(route)?.staffOnly ? checks.map(reportedOnStaffPage) : checks;
}

/** The visitors' speed and search budgets, which a staff page (SiteRoute.staffOnly) only reports. */
const VISITOR_BUDGETS: ReadonlySet<BudgetId> = new Set([
  'performance',
  'seo',
  'lcp',
  'tbt',
  'cls',
  'first-load-js',
  'lcp-vs-reference',
  'js-vs-reference',
]);

function reportedOnStaffPage(check: BudgetCheck): BudgetCheck {
  return VISITOR_BUDGETS.has(check.id)
    ? { ...check, limit: 'none (staff page)', pass: true }
    : check;
}

export interface SiteMeasurements {
  routes: readonly RouteResult[];
  homeJs?: HomeJsBreakdown;
  supabase?: SupabaseLazyResult;
}

export function evaluateSiteBudgets(site: SiteMeasurements): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const pages = site.supabase?.pages ?? [];
  const measured = pages.filter((page) => page.error === undefined || page.scriptsBeforeSubmit > 0);
  const early = pages.filter((page) => page.loadedBeforeSubmit).map((page) => page.route);
  const onSubmit = pages
    .filter((page) => !page.loadedBeforeSubmit && page.loadedAfterSubmit)
    .map((page) => page.route);
  const unsubmitted = measured.filter((page) => page.error !== undefined).map((page) => page.route);
  // "Never seen" only means something if the same detector sees it where it is used: the console.
  const detector = site.supabase?.detector;
  const proven = detector?.seen === true;
  const pass =
    measured.length > 0 &&
    early.length === 0 &&
    onSubmit.length === 0 &&
    unsubmitted.length === 0 &&
    proven;
  checks.push({
    scope: 'site',
    id: 'supabase-lazy',
    label: "supabase-js not fetched by a visitor's page, even by a form submit",
    value: pass,
    actual:
      measured.length === 0
        ? 'no data'
        : early.length > 0
          ? `loaded on first paint of ${early.join(', ')}`
          : onSubmit.length > 0
            ? `loaded by the form submit of ${onSubmit.join(', ')}`
            : unsubmitted.length > 0
              ? `the form submit of ${unsubmitted.join(', ')} did not complete`
              : proven
                ? `never loaded (the detector sees it on ${detector.route})`
                : `never loaded, but not seen on ${detector?.route ?? 'the console'} either (detector unproven)`,
    limit: 'never on a public page',
    pass,
  });
  return checks;
}

export function evaluateBudgets(site: SiteMeasurements): BudgetCheck[] {
  return [...site.routes.flatMap(evaluateRouteBudgets), ...evaluateSiteBudgets(site)];
}
