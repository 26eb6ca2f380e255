import type { RunSummary } from './lhr-summary.ts';
import type {
  AxeRouteResult,
  HomeJsBreakdown,
  RouteResult,
  SupabaseLazyResult,
} from './measurements.ts';

export function runSummary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    scores: { performance: 99, accessibility: 100, bestPractices: 100, seo: 100 },
    fcpMs: 700,
    lcpMs: 1000,
    tbtMs: 30,
    speedIndexMs: 1200,
    cls: 0,
    scripts: [],
    jsTransferBytes: 150_000,
    jsRequests: 12,
    requests: 18,
    lcpBreakdown: [],
    unusedJs: [],
    bootup: [],
    layoutShifts: [],
    lostPoints: [],
    warnings: [],
    ...overrides,
  };
}

export function axeResult(overrides: Partial<AxeRouteResult> = {}): AxeRouteResult {
  return {
    counts: { critical: 0, serious: 0, moderate: 0, minor: 0 },
    total: 0,
    violations: [],
    consoleErrors: [],
    ...overrides,
  };
}

/** A route that meets every budget unless overridden; its reference run is a little faster and lighter. */
export function routeResult(
  route: string,
  summary: Partial<RunSummary> = {},
  extra: Partial<RouteResult> = {},
): RouteResult {
  const median = runSummary(summary);
  const reference = runSummary({ lcpMs: 950, tbtMs: 20, jsTransferBytes: 110_000 });
  return {
    route,
    lighthouse: { runs: [median], medianIndex: 0, median, jsGzipBytes: 120_000 },
    reference: { runs: [reference], medianIndex: 0, median: reference, jsGzipBytes: 115_000 },
    axe: axeResult(),
    react: { copies: 1, scripts: ['http://127.0.0.1:4700/610.abcdef1234.js'] },
    ...extra,
  };
}

export function homeJs(overrides: Partial<HomeJsBreakdown> = {}): HomeJsBreakdown {
  return {
    route: '/',
    method: 'test',
    scripts: [],
    packages: [{ label: 'react-dom (+scheduler)', transferBytes: 60_000, gzipBytes: 65_000 }],
    totalTransferBytes: 60_000,
    totalGzipBytes: 65_000,
    reactDomCopies: 1,
    statsMatchServedBuild: true,
    notes: [],
    ...overrides,
  };
}

export function lazySupabase(): SupabaseLazyResult {
  return {
    pages: [
      {
        route: '/',
        scriptsBeforeSubmit: 20,
        loadedBeforeSubmit: false,
        loadedAfterSubmit: false,
        submitRequests: ['POST /functions/v1/sign-up'],
      },
      {
        route: '/coming-soon',
        scriptsBeforeSubmit: 14,
        loadedBeforeSubmit: false,
        loadedAfterSubmit: false,
        submitRequests: ['POST /functions/v1/sign-up'],
      },
    ],
    detector: {
      route: '/console',
      seen: true,
      supabaseScript: 'http://127.0.0.1:4704/21.abcdef1234.js',
    },
  };
}
