import { BUDGETS, evaluateBudgets, evaluateRouteBudgets, evaluateSiteBudgets, homeJsGzipBytes, KIB, type BudgetCheck, type BudgetId } from './budgets.ts';
import { axeResult, homeJs, lazySupabase, routeResult } from './test-fixtures.ts';
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
    expect(checks.map((c) => c.id)).toEqual(['performance', 'accessibility', 'best-practices', 'seo', 'cls', 'axe', 'react-copies']);
    expect(checks.every((c) => c.pass && c.scope === '/about')).toBe(true);
  });

  it('performance: 90 passes, 89 fails', () => {
    expect(passes(routeResult('/', { scores: { performance: 90, accessibility: 100, bestPractices: 100, seo: 100 } }), 'performance')).toBe(true);
    expect(passes(routeResult('/', { scores: { performance: 89, accessibility: 100, bestPractices: 100, seo: 100 } }), 'performance')).toBe(false);
  });

  it('accessibility and SEO must be exactly 100', () => {
    const scores = { performance: 95, accessibility: 99, bestPractices: 100, seo: 99 };
    const checks = evaluateRouteBudgets(routeResult('/', { scores }));
    expect(check(checks, 'accessibility')).toMatchObject({ pass: false, actual: '99', limit: '= 100' });
    expect(check(checks, 'seo').pass).toBe(false);
  });

  it('reports SEO without a budget on the pages of mail links, which ask not to be indexed', () => {
    const scores = { performance: 95, accessibility: 100, bestPractices: 100, seo: 66 };
    expect(check(evaluateRouteBudgets(routeResult('/email/confirm', { scores })), 'seo')).toMatchObject({ pass: true, actual: '66', limit: 'none (noindex)' });
    expect(check(evaluateRouteBudgets(routeResult('/privacy/erase', { scores })), 'seo').pass).toBe(false);
  });

  it('best practices: 95 passes, 94 fails', () => {
    const at = (bestPractices: number) => passes(routeResult('/', { scores: { performance: 95, accessibility: 100, bestPractices, seo: 100 } }), 'best-practices');
    expect(at(95)).toBe(true);
    expect(at(94)).toBe(false);
  });

  it('CLS: exactly 0.02 passes (also with float noise), 0.021 fails', () => {
    expect(passes(routeResult('/', { cls: 0.02 }), 'cls')).toBe(true);
    expect(passes(routeResult('/', { cls: 0.01 + 0.01 + 1e-17 }), 'cls')).toBe(true);
    expect(passes(routeResult('/', { cls: 0.020000000000000004 }), 'cls')).toBe(true);
    expect(passes(routeResult('/', { cls: 0.021 }), 'cls')).toBe(false);
    expect(check(evaluateRouteBudgets(routeResult('/', { cls: 0.3214 })), 'cls').actual).toBe('0.321');
  });

  it('a route Lighthouse could not measure fails its Lighthouse budgets with "no data"', () => {
    const result = routeResult('/blog');
    result.lighthouse = { runs: [], medianIndex: null, median: null, jsGzipBytes: null, error: 'NO_FCP' };
    const checks = evaluateRouteBudgets(result);
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo', 'cls'] as const) expect(check(checks, id)).toMatchObject({ pass: false, actual: 'no data', value: null });
  });

  it('a score of null (category not run) fails', () => {
    expect(passes(routeResult('/', { scores: { performance: null, accessibility: 100, bestPractices: 100, seo: 100 } }), 'performance')).toBe(false);
  });

  it('axe: no violation passes, one fails and is named, an axe error fails', () => {
    expect(passes(routeResult('/'), 'axe')).toBe(true);
    const failing = routeResult('/', {}, {
      axe: axeResult({
        total: 1,
        counts: { critical: 0, serious: 1, moderate: 0, minor: 0 },
        violations: [{ id: 'color-contrast', impact: 'serious', help: '', helpUrl: '', nodes: 3, targets: [], snippets: [], viewports: ['desktop'] }],
      }),
    });
    expect(check(evaluateRouteBudgets(failing), 'axe')).toMatchObject({ pass: false, actual: '1 (color-contrast)' });
    expect(passes(routeResult('/', {}, { axe: axeResult({ error: 'timeout' }) }), 'axe')).toBe(false);
    expect(passes(routeResult('/', {}, { axe: undefined }), 'axe')).toBe(false);
  });

  it('react-dom: exactly one copy', () => {
    expect(passes(routeResult('/', {}, { react: { copies: 1, scripts: [] } }), 'react-copies')).toBe(true);
    expect(passes(routeResult('/', {}, { react: { copies: 2, scripts: [] } }), 'react-copies')).toBe(false);
    expect(passes(routeResult('/', {}, { react: { copies: 0, scripts: [] } }), 'react-copies')).toBe(false);
    expect(passes(routeResult('/', {}, { react: undefined }), 'react-copies')).toBe(false);
  });
});

describe('site budgets', () => {
  const withHomeGzip = (bytes: number | null) => {
    const home = routeResult('/');
    home.lighthouse.jsGzipBytes = bytes;
    return home;
  };

  it('home JS: exactly 200 KiB passes, one byte more fails', () => {
    expect(BUDGETS.homeJsGzipBytes.max).toBe(200 * KIB);
    expect(check(evaluateSiteBudgets({ routes: [withHomeGzip(200 * KIB)], supabase: lazySupabase() }), 'home-js')).toMatchObject({ pass: true, actual: '200.0 KiB' });
    expect(check(evaluateSiteBudgets({ routes: [withHomeGzip(200 * KIB + 1)], supabase: lazySupabase() }), 'home-js').pass).toBe(false);
  });

  it('home JS comes from the Lighthouse run of / when there is one, else from the breakdown', () => {
    expect(homeJsGzipBytes({ routes: [withHomeGzip(123)], homeJs: homeJs({ totalGzipBytes: 456 }) })).toEqual({ bytes: 123, source: 'Lighthouse median run of /' });
    expect(homeJsGzipBytes({ routes: [routeResult('/about')], homeJs: homeJs({ totalGzipBytes: 456 }) })?.bytes).toBe(456);
    expect(homeJsGzipBytes({ routes: [withHomeGzip(null)], homeJs: homeJs({ error: 'boom' }) })).toBeNull();
    expect(check(evaluateSiteBudgets({ routes: [] }), 'home-js')).toMatchObject({ pass: false, actual: 'no data' });
  });

  it('supabase-js: lazy and seen after submit passes', () => {
    expect(check(evaluateSiteBudgets({ routes: [], supabase: lazySupabase() }), 'supabase-lazy')).toMatchObject({ pass: true, value: true });
  });

  it('supabase-js: loaded before a submit fails and names the page', () => {
    const supabase = lazySupabase();
    supabase.pages[1].loadedBeforeSubmit = true;
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({ pass: false, actual: 'loaded on first paint of /coming-soon' });
  });

  it('supabase-js: never seen, even after a submit, fails (the detector is unproven)', () => {
    const supabase = lazySupabase();
    for (const page of supabase.pages) page.loadedAfterSubmit = false;
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy').pass).toBe(false);
  });

  it('supabase-js: pages that failed to load give no data', () => {
    const supabase = { pages: [{ route: '/', scriptsBeforeSubmit: 0, loadedBeforeSubmit: false, loadedAfterSubmit: false, error: 'net::ERR_CONNECTION_REFUSED' }] };
    expect(check(evaluateSiteBudgets({ routes: [], supabase }), 'supabase-lazy')).toMatchObject({ pass: false, actual: 'no data' });
    expect(check(evaluateSiteBudgets({ routes: [] }), 'supabase-lazy').pass).toBe(false);
  });

  it('evaluateBudgets lists every route check, then the site checks', () => {
    const checks = evaluateBudgets({ routes: [withHomeGzip(100 * KIB), routeResult('/about')], homeJs: homeJs(), supabase: lazySupabase() });
    expect(checks).toHaveLength(7 + 7 + 2);
    expect(checks.slice(-2).map((c) => c.scope)).toEqual(['site', 'site']);
    expect(checks.every((c) => c.pass)).toBe(true);
  });
});
