// The shapes of what the benchmark measures; the report, the budgets and the table all read these.
import type { RunSummary } from './lhr-summary.ts';
import { medianMetric } from './median.ts';

export interface LighthouseRouteResult {
  runs: RunSummary[];
  /** Index in `runs` of the median run by performance score; null when no run produced a score. */
  medianIndex: number | null;
  median: RunSummary | null;
  /** The median run's scripts as a gzip-only client would receive them (bodies, no headers). */
  jsGzipBytes: number | null;
  /** The median run's full Lighthouse report (HTML), for digging into an audit. */
  reportFile?: string;
  error?: string;
}

/**
 * A timing of a build on a route: its median over the runs (medianMetric), as the budgets read it.
 * Not the median run's value: when every run scores 100, the median run by score is just the
 * middle run in order, and its timing is that run's.
 */
export function medianTiming(
  result: LighthouseRouteResult,
  timing: 'lcpMs' | 'tbtMs' | 'cls',
): number | undefined {
  return medianMetric(result.runs, (run) => run[timing]);
}

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

export interface AxeViolation {
  id: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  /** Elements that fail, summed over the viewports where the rule failed. */
  nodes: number;
  /** A few failing elements' selectors and the start of their HTML, to find them. */
  targets: string[];
  snippets: string[];
  viewports: string[];
}

export interface AxeRouteResult {
  /** Failing rules per impact (a rule failing in both viewports counts once). */
  counts: Record<Impact, number>;
  total: number;
  violations: AxeViolation[];
  /** console.error output and uncaught errors while the page loaded (Lighthouse's errors-in-console). */
  consoleErrors: string[];
  error?: string;
}

export interface ReactCopiesResult {
  /** Loaded scripts that contain react-dom's client (marker '__reactContainer$'). */
  copies: number;
  scripts: string[];
}

export interface RouteResult {
  route: string;
  /** The federated site (the one that ships). */
  lighthouse: LighthouseRouteResult;
  /** The single-bundle reference build (tools/reference-build), measured in turn with it. */
  reference?: LighthouseRouteResult;
  axe?: AxeRouteResult;
  react?: ReactCopiesResult;
}

export interface PackageShare {
  label: string;
  transferBytes: number;
  gzipBytes: number;
}

export interface ScriptAttribution {
  url: string;
  app: string | null;
  /** Encoded body bytes as served to Chromium (brotli). */
  transferBytes: number;
  /** The same body gzipped as the preview server does for gzip-only clients. */
  gzipBytes: number;
  /** How the file was found in the build stats: by file name, by chunk id (sources changed since), or not. */
  matchedBy: 'file' | 'chunk-id' | 'none';
  chunkId?: string;
  packages: PackageShare[];
  hasReactDomClient: boolean;
}

export interface HomeJsBreakdown {
  route: string;
  method: string;
  scripts: ScriptAttribution[];
  packages: PackageShare[];
  totalTransferBytes: number;
  totalGzipBytes: number;
  reactDomCopies: number;
  /** True when every loaded script was found by file name in the stats build (same content hash). */
  statsMatchServedBuild: boolean;
  notes: string[];
  error?: string;
}

export interface SupabasePageCheck {
  route: string;
  scriptsBeforeSubmit: number;
  loadedBeforeSubmit: boolean;
  /** supabase-js fetched by the footer newsletter's submit or anything after it, until quiet. */
  loadedAfterSubmit: boolean;
  supabaseScript?: string;
  /** The backend requests the submit made (method and path): a sign-up is one call to a function. */
  submitRequests?: string[];
  /** What the form said after the submit (its status or alert text). */
  submitOutcome?: string;
  error?: string;
}

/** The same detector on the console's page, which does use supabase-js: proof that it can see it. */
export interface SupabaseDetectorCheck {
  route: string;
  seen: boolean;
  supabaseScript?: string;
  error?: string;
}

export interface SupabaseLazyResult {
  pages: SupabasePageCheck[];
  detector?: SupabaseDetectorCheck;
}
