import { BUDGETS, KIB } from './budgets.ts';
import { buildReport, REPORT_SCHEMA_VERSION, type ReportInput } from './report.ts';
import { homeJs, lazySupabase, routeResult } from './test-fixtures.ts';

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    startedAt: new Date('2025-01-01T10:00:00Z'),
    finishedAt: new Date('2025-01-01T10:20:30Z'),
    environment: {
      node: 'v22.23.3',
      chromium: 'Chromium 140',
      lighthouse: '13.5.0',
      cpus: 2,
      loadAverage: [1, 1, 1],
      loadAverageAtEnd: [1, 1, 1],
      benchmarkIndex: 1200,
    },
    settings: {
      runs: 3,
      routes: ['/', '/about'],
      siteUrl: 'http://127.0.0.1:4700',
      servedFrom: 'tmp/bench/site',
      referenceUrl: 'http://127.0.0.1:4704',
      lighthouse: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        medianBy: 'performance score',
      },
      axe: { viewports: ['mobile', 'desktop'], rules: 'defaults' },
    },
    routes: [routeResult('/'), routeResult('/about')],
    homeJs: homeJs(),
    supabaseLazy: lazySupabase(),
    ...overrides,
  };
}

describe('buildReport', () => {
  it('has the documented top-level shape', () => {
    const report = buildReport(input());
    expect(Object.keys(report)).toEqual([
      'schemaVersion',
      'generatedAt',
      'durationMs',
      'environment',
      'settings',
      'budgets',
      'routes',
      'homeJs',
      'supabaseLazy',
      'checks',
      'failures',
      'passed',
    ]);
    expect(report).toMatchObject({
      schemaVersion: REPORT_SCHEMA_VERSION,
      generatedAt: '2025-01-01T10:20:30.000Z',
      durationMs: 1_230_000,
      budgets: BUDGETS,
      passed: true,
      failures: [],
    });
    expect(report.routes.map((route) => route.route)).toEqual(['/', '/about']);
    expect(report.routes[0].lighthouse.median?.scores.performance).toBe(99);
    expect(report.checks).toHaveLength(12 + 12 + 1);
  });

  it('lists the failures and fails the run when a budget is missed', () => {
    const home = routeResult('/', {
      scores: { performance: 80, accessibility: 100, bestPractices: 100, seo: 100 },
    });
    home.lighthouse.jsGzipBytes = 250 * KIB;
    const report = buildReport(input({ routes: [home] }));
    expect(report.passed).toBe(false);
    expect(report.failures.map((failure) => `${failure.scope} ${failure.id}`)).toEqual([
      '/ performance',
      '/ first-load-js',
      '/ js-vs-reference',
    ]);
  });

  it('keeps missing measurements as null and survives a JSON round trip', () => {
    const report = buildReport(input({ homeJs: undefined, supabaseLazy: undefined }));
    expect(report.homeJs).toBeNull();
    expect(report.supabaseLazy).toBeNull();
    expect(report.passed).toBe(false);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});
