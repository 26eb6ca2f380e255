import { BUDGETS, evaluateBudgets, type BudgetCheck } from './budgets.ts';
import type { HomeJsBreakdown, RouteResult, SupabaseLazyResult } from './measurements.ts';

export const REPORT_SCHEMA_VERSION = 2;

export interface BenchEnvironment {
  node: string;
  chromium: string;
  lighthouse: string;
  cpus: number;
  /** 1, 5 and 15 minute load averages when the run started: other work on the machine skews scores. */
  loadAverage: number[];
  /** The same when it ended. */
  loadAverageAtEnd: number[];
  /** Lighthouse's CPU benchmark of this machine (median over runs); below ~1000 it warns of a slow host. */
  benchmarkIndex: number | null;
}

export interface BenchSettings {
  runs: number;
  routes: string[];
  siteUrl: string;
  /** What was served: a copy of apps/<app>/dist taken when the run started. */
  servedFrom: string;
  /** Where the single-bundle reference was served. */
  referenceUrl: string | null;
  lighthouse: { formFactor: 'mobile'; throttlingMethod: 'simulate'; medianBy: 'performance score' };
  axe: { viewports: string[]; rules: string };
}

export interface BenchReport {
  schemaVersion: number;
  generatedAt: string;
  durationMs: number;
  environment: BenchEnvironment;
  settings: BenchSettings;
  budgets: typeof BUDGETS;
  routes: RouteResult[];
  homeJs: HomeJsBreakdown | null;
  supabaseLazy: SupabaseLazyResult | null;
  checks: BudgetCheck[];
  failures: BudgetCheck[];
  passed: boolean;
}

export interface ReportInput {
  startedAt: Date;
  finishedAt: Date;
  environment: BenchEnvironment;
  settings: BenchSettings;
  routes: RouteResult[];
  homeJs?: HomeJsBreakdown;
  supabaseLazy?: SupabaseLazyResult;
}

export function buildReport(input: ReportInput): BenchReport {
  const checks = evaluateBudgets({
    routes: input.routes,
    homeJs: input.homeJs,
    supabase: input.supabaseLazy,
  });
  const failures = checks.filter((check) => !check.pass);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    generatedAt: input.finishedAt.toISOString(),
    durationMs: input.finishedAt.getTime() - input.startedAt.getTime(),
    environment: input.environment,
    settings: input.settings,
    budgets: BUDGETS,
    routes: input.routes,
    homeJs: input.homeJs ?? null,
    supabaseLazy: input.supabaseLazy ?? null,
    checks,
    failures,
    passed: failures.length === 0,
  };
}
