import {
  BUDGETS,
  evaluateBudgets,
  evaluateRouteBudgets,
  evaluateSiteBudgets,
  KIB,
  type BudgetCheck,
  type BudgetId,
} from './budgets.ts';
import { axeResult, homeJs, lazySupabase, routeResult, runSummary } from './test-fixtures.ts';
import type { RouteResult } from './measurements.ts';

function check(checks: BudgetCheck[], id: BudgetId): BudgetCheck {
  const found = checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
}

const passes = (result: RouteResult, id: BudgetId) => check(evaluateRouteBudgets(result), id).pass;

describe('route budgets', () => {
  it('a route meeting every budget passes every check', () => {
    const checks = evaluateRouteBudgets(routeResult('/about'));
    expect(checks.map((c) => c.id)).toEqual([
      'performance',
      'accessibility',
      'best-practices',
      'seo',
      'lcp',
      'tbt',
      'cls',
      'first-load-js',
      'lcp-vs-reference',
      'js-vs-reference',
      'axe',
      'react-copies',
    ]);
    expect(checks.every((c) => c.pass && c.scope === '/about')).toBe(true);
  });

  it('performance: 98 passes, 97 fails', () => {
    expect(
      passes(
        routeResult('/', {
          scores: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
        }),
        'performance',
      ),
    ).toBe(true);
    expect(
      passes(
        routeResult('/', {
          scores: { performance: 97, accessibility: 100, bestPractices: 100, seo: 100 },
        }),
        'performance',
      ),
    ).toBe(false);
  });

  it('LCP: 1.30 s passes, 1.31 s fails', () => {
    expect(check(evaluateRouteBudgets(routeResult('/', { lcpMs: 1300 })), 'lcp')).toMatchObject({
      pass: true,
      actual: '1.30 s',
      limit: '≤ 1.30 s',
    });
    expect(passes(routeResult('/', { lcpMs: 1310 }), 'lcp')).toBe(false);
  });

  it('TBT: 50 ms passes, 51 ms fails', () => {
    expect(passes(routeResult('/', { tbtMs: 50 }), 'tbt')).toBe(true);
    expect(check(evaluateRouteBudgets(routeResult('/', { tbtMs: 51 })), 'tbt')).toMatchObject({
      pass: false,
      actual: '51 ms',
      limit: '≤ 50 ms',
    });
  });

  it('first-load JS: exactly 160 KiB gzip passes, one byte more fails, on any route', () => {
    const withJs = (bytes: number | null) => {
      const result = routeResult('/about');
      result.lighthouse.jsGzipBytes = bytes;
      result.reference!.jsGzipBytes = bytes;
      return result;
    };
    expect(check(evaluateRouteBudgets(withJs(160 * KIB)), 'first-load-js')).toMatchObject({
      pass: true,
      actual: '160.0 KiB',
      limit: '≤ 160.0 KiB',
    });
    expect(passes(withJs(160 * KIB + 1), 'first-load-js')).toBe(false);
    expect(check(evaluateRouteBudgets(withJs(null)), 'first-load-js')).toMatchObject({
      pass: false,
      actual: 'no data',
    });
  });

  it("reads LCP, TBT and CLS as medians over the runs, not the median run's values", () => {
    const result = routeResult('/', { tbtMs: 70, lcpMs: 1400 });
    // Three runs that all score 100: the "median run" by score is just one of them.
    result.lighthouse.runs.push(
      runSummary({ tbtMs: 10, lcpMs: 700 }),
      runSummary({ tbtMs: 20, lcpMs: 750 }),
    );
    const checks = evaluateRouteBudgets(result);
    expect(check(checks, 'tbt')).toMatchObject({ pass: true, value: 20 });
    expect(check(checks, 'lcp')).toMatchObject({ pass: true, value: 750 });

    const slow = routeResult('/', { tbtMs: 10 });
    slow.lighthouse.runs.push(runSummary({ tbtMs: 60 }), runSummary({ tbtMs: 80 }));
    expect(check(evaluateRouteBudgets(slow), 'tbt')).toMatchObject({ pass: false, value: 60 });
  });

  it('against the single-bundle reference: 10 % more LCP or JS passes, more fails', () => {
    const against = (
      federated: { lcpMs: number; js: number },
      reference: { lcpMs: number; js: number },
    ) => {
      const result = routeResult('/', { lcpMs: federated.lcpMs });
      result.lighthouse.jsGzipBytes = federated.js;
      result.reference!.median!.lcpMs = reference.lcpMs;
      result.reference!.jsGzipBytes = reference.js;
      return evaluateRouteBudgets(result);
    };
    const within = against({ lcpMs: 1100, js: 110_000 }, { lcpMs: 1000, js: 100_000 });
    expect(check(within, 'lcp-vs-reference')).toMatchObject({
      pass: true,
      actual: '×1.10',
      limit: '≤ ×1.10',
    });
    expect(check(within, 'js-vs-reference').pass).toBe(true);
    const over = against({ lcpMs: 1111, js: 111_000 }, { lcpMs: 1000, js: 100_000 });
    expect(check(over, 'lcp-vs-reference')).toMatchObject({ pass: false, actual: '×1.11' });
    expect(check(over, 'js-vs-reference').pass).toBe(false);
    // Better than the reference is fine.
    expect(
      check(against({ lcpMs: 800, js: 90_000 }, { lcpMs: 1000, js: 100_000 }), 'js-vs-reference')
        .pass,
    ).toBe(true);
  });

  it('without a reference measurement the comparisons fail with "no data"', () => {
    const checks = evaluateRouteBudgets(routeResult('/', {}, { reference: undefined }));
    expect(check(checks, 'lcp-vs-reference')).toMatchObject({ pass: false, actual: 'no data' });
    expect(check(checks, 'js-vs-reference')).toMatchObject({ pass: false, actual: 'no data' });
  });

  it('accessibility and SEO must be exactly 100', () => {
    const scores = { performance: 95, accessibility: 99, bestPractices: 100, seo: 99 };
    const checks = evaluateRouteBudgets(routeResult('/', { scores }));
    expect(check(checks, 'accessibility')).toMatchObject({
      pass: false,
      actual: '99',
      limit: '= 100',
    });
    expect(check(checks, 'seo').pass).toBe(false);
  });

  it('reports SEO without a budget on the pages of mail links, which ask not to be indexed', () => {
    const scores = { performance: 95, accessibility: 100, bestPractices: 100, seo: 66 };
    expect(
      check(evaluateRouteBudgets(routeResult('/email/confirm', { scores })), 'seo'),
    ).toMatchObject({ pass: true, actual: '66', limit: 'none (noindex)' });
    expect(check(evaluateRouteBudgets(routeResult('/privacy/erase', { scores })), 'seo').pass).toBe(
      false,
    );
  });

  it("only reports the visitors' speed budgets on the staff's page, and holds its accessibility", () => {
    const scores = { performance: 80, accessibility: 99, bestPractices: 100, seo: 66 };
    const staffPage = routeResult('/console', { scores });
    const checks = evaluateRouteBudgets({
      ...staffPage,
      lighthouse: { ...staffPage.lighthouse, jsGzipBytes: 400 * 1024 },
    });
    for (const id of ['performance', 'seo', 'first-load-js'] as const)
      expect(check(checks, id)).toMatchObject({ pass: true, limit: 'none (staff page)' });
    expect(check(checks, 'accessibility').pass).toBe(false);
    expect(check(evaluateRouteBudgets(routeResult('/', { scores })), 'performance').pass).toBe(
      false,
    );
  });

  it('best practices: 95 passes, 94 fails', () => {
    const at = (bestPractices: number) =>
      passes(
        routeResult('/', {
          scores: { performance: 95, accessibility: 100, bestPractices, seo: 100 },
        }),
        'best-practices',
      );
    expect(at(95)).toBe(true);
    expect(at(94)).toBe(false);
  });

  it('CLS: 0 passes (also with float noise), any shift fails', () => {
    expect(passes(routeResult('/', { cls: 0 }), 'cls')).toBe(true);
    expect(passes(routeResult('/', { cls: 1e-17 }), 'cls')).toBe(true);
    expect(passes(routeResult('/', { cls: 0.0004 }), 'cls')).toBe(false);
    expect(check(evaluateRouteBudgets(routeResult('/', { cls: 0.3214 })), 'cls')).toMatchObject({
      actual: '0.321',
      limit: '= 0',
    });
  });

  it('a route Lighthouse could not measure fails its Lighthouse budgets with "no data"', () => {
    const result = routeResult('/blog');
    result.lighthouse = {
      runs: [],
      medianIndex: null,
      median: null,
      jsGzipBytes: null,
      error: 'NO_FCP',
    };
    const checks = evaluateRouteBudgets(result);
    for (const id of [
      'performance',
      'accessibility',
      'best-practices',
      'seo',
      'lcp',
      'tbt',
      'cls',
      'first-load-js',
      'lcp-vs-reference',
      'js-vs-reference',
    ] as const)
      expect(check(checks, id)).toMatchObject({ pass: false, actual: 'no data', value: null });
  });

  it('a score of null (category not run) fails', () => {
    expect(
      passes(
        routeResult('/', {
          scores: { performance: null, accessibility: 100, bestPractices: 100, seo: 100 },
        }),
        'performance',
      ),
    ).toBe(false);
  });

  it('axe: no violation passes, one fails and is named, an axe error fails', () => {
    expect(passes(routeResult('/'), 'axe')).toBe(true);
    const failing = routeResult(
      '/',
      {},
      {
        axe: axeResult({
          total: 1,
          counts: { critical: 0, serious: 1, moderate: 0, minor: 0 },
          violations: [
            {
              id: 'color-contrast',
              impact: 'serious',
              help: '',
              helpUrl: '',
              nodes: 3,
              targets: [],
              snippets: [],
              viewports: ['desktop'],
            },
          ],
        }),
      },
    );
    expect(check(evaluateRouteBudgets(failing), 'axe')).toMatchObject({
      pass: false,
      actual: '1 (color-contrast)',
    });
    expect(passes(routeResult('/', {}, { axe: axeResult({ error: 'timeout' }) }), 'axe')).toBe(
      false,
    );
    expect(passes(routeResult('/', {}, { axe: undefined }), 'axe')).toBe(false);
  });

  it('react-dom: exactly one copy', () => {
    expect(
      passes(routeResult('/', {}, { react: { copies: 1, scripts: [] } }), 'react-copies'),
    ).toBe(true);
    expect(
      passes(routeResult('/', {}, { react: { copies: 2, scripts: [] } }), 'react-copies'),
    ).toBe(false);
    expect(
      passes(routeResult('/', {}, { react: { copies: 0, scripts: [] } }), 'react-copies'),
    ).toBe(false);
    expect(passes(routeResult('/', {}, { react: undefined }), 'react-copies')).toBe(false);
  });
});

describe('site budgets', () => {
  it('supabase-js: never on a public page, and seen on the console, passes', () => {
    expect(
      check(evaluateSiteBudgets({ routes: [], supabase: lazySupabase() }), 'supabase-lazy'),
    ).toMatchObject({
      pass: true,
      value: true,
      actual: 'never loaded (the detector sees it on /console)',
    });
  });

  it('supabase-js: loaded before a submit fails and names the page', () => {
    const supabase = lazySupabase();
    supabase.pages[1].loadedBeforeSubmit = true;
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({
      pass: false,
      actual: 'loaded on first paint of /coming-soon',
    });
  });

  it('supabase-js: loaded by a form submit fails and names the page', () => {
    const supabase = lazySupabase();
    supabase.pages[0].loadedAfterSubmit = true;
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({
      pass: false,
      actual: 'loaded by the form submit of /',
    });
  });

  it('supabase-js: a submit that did not complete fails: the moment to look was never reached', () => {
    const supabase = lazySupabase();
    supabase.pages[1].error = 'page.waitForResponse: Timeout 20000ms exceeded.';
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({
      pass: false,
      actual: 'the form submit of /coming-soon did not complete',
    });
  });

  it('supabase-js: never seen on the console either fails (the detector is unproven)', () => {
    const supabase = lazySupabase();
    supabase.detector = { route: '/console', seen: false };
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({
      pass: false,
      actual: 'never loaded, but not seen on /console either (detector unproven)',
    });
    delete supabase.detector;
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy').pass).toBe(false);
  });

  it('supabase-js: pages that failed to load give no data', () => {
    const supabase = {
      pages: [
        {
          route: '/',
          scriptsBeforeSubmit: 0,
          loadedBeforeSubmit: false,
          loadedAfterSubmit: false,
          error: 'net::ERR_CONNECTION_REFUSED',
        },
      ],
    };
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({
      pass: false,
      actual: 'no data',
    });
    expect(check(evaluateSiteBudgets({ routes: [] }), 'supabase-lazy').pass).toBe(false);
  });

  it('evaluateBudgets lists every route check, then the site checks', () => {
    const checks = evaluateBudgets({
      routes: [routeResult('/'), routeResult('/about')],
      homeJs: homeJs(),
      supabase: lazySupabase(),
    });
    expect(checks).toHaveLength(12 + 12 + 1);
    expect(checks.slice(-1).map((c) => c.scope)).toEqual(['site']);
    expect(checks.every((c) => c.pass)).toBe(true);
  });

  it('the budgets are the ones documented', () => {
    expect(BUDGETS).toMatchObject({
      performance: { min: 98 },
      lcpMs: { max: 1300 },
      tbtMs: { max: 50 },
      cls: { max: 0 },
      jsGzipBytes: { max: 160 * KIB },
      vsReference: { maxRatio: 1.1 },
    });
  });
});
