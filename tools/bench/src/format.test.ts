import { evaluateBudgets, KIB } from './budgets.ts';
import {
  FAIL,
  formatAxeDetails,
  formatDiagnosis,
  formatFailures,
  formatHomeBreakdown,
  formatReferenceTable,
  formatRouteTable,
  formatSupabaseCheck,
  formatTable,
  kib,
  PASS,
  REFERENCE_TABLE_HEADERS,
  ROUTE_TABLE_HEADERS,
} from './format.ts';
import { axeResult, homeJs, lazySupabase, routeResult } from './test-fixtures.ts';

const width = (line: string) => [...line].length;

describe('formatTable', () => {
  it('pads columns, right-aligns numbers, and rules the header', () => {
    const text = formatTable(
      ['Name', 'Score'],
      [
        ['home', '100'],
        ['a-long-route', '9'],
      ],
    );
    expect(text.split('\n')).toEqual([
      'Name          Score',
      '────────────  ─────',
      'home            100',
      'a-long-route      9',
    ]);
  });

  it('counts ✓ and ✗ as one column each', () => {
    const lines = formatTable(
      ['Route', 'Perf'],
      [
        ['/', `91 ${PASS}`],
        ['/x', `7 ${FAIL}`],
      ],
    ).split('\n');
    expect(new Set(lines.map(width)).size).toBe(1);
  });
});

describe('kib', () => {
  it('shows KiB with one decimal, or a dash', () => {
    expect(kib(204_800)).toBe('200.0');
    expect(kib(null)).toBe('—');
  });
});

describe('formatRouteTable', () => {
  const routes = [
    routeResult('/', {
      scores: { performance: 89, accessibility: 100, bestPractices: 100, seo: 100 },
      cls: 0,
      lcpMs: 2345,
      tbtMs: 151.6,
    }),
    routeResult('/about'),
  ];
  routes[0].lighthouse.jsGzipBytes = 210 * KIB;
  const checks = evaluateBudgets({ routes, homeJs: homeJs(), supabase: lazySupabase() });
  const lines = formatRouteTable(routes, checks).split('\n');

  it('has a header, a rule, and one row per route', () => {
    expect(lines).toHaveLength(4);
    for (const header of ROUTE_TABLE_HEADERS) expect(lines[0]).toContain(header);
  });

  it('marks each budgeted value with ✓ or ✗', () => {
    const home = lines[2];
    expect(home).toMatch(/^\/\s/);
    expect(home).toContain(`89 ${FAIL}`);
    expect(home).toContain(`0.000 ${PASS}`);
    expect(home).toContain(`210.0 ${FAIL}`);
    expect(home).toContain(`2.35 ${FAIL}`);
    expect(home).toContain(`152 ${FAIL}`);
    expect(home.trimEnd().endsWith(FAIL)).toBe(true);
    expect(lines[3]).toContain(`99 ${PASS}`);
    expect(lines[3]).toContain(`1.00 ${PASS}`);
    expect(lines[3]).toContain(`0/0/0/0 ${PASS}`);
    expect(lines[3].trimEnd().endsWith(PASS)).toBe(true);
  });

  it('shows dashes for a route Lighthouse could not measure', () => {
    const broken = routeResult('/blog');
    broken.lighthouse = {
      runs: [],
      medianIndex: null,
      median: null,
      jsGzipBytes: null,
      error: 'NO_FCP',
    };
    const row = formatRouteTable([broken], evaluateBudgets({ routes: [broken] })).split('\n')[2];
    expect(row).toContain(`— ${FAIL}`);
  });
});

describe('formatFailures', () => {
  it('says so when every budget is met', () => {
    expect(
      formatFailures(
        evaluateBudgets({ routes: [routeResult('/')], homeJs: homeJs(), supabase: lazySupabase() }),
      ),
    ).toBe(`${PASS} All budgets met.`);
  });

  it('lists each missed budget with its value and limit', () => {
    const checks = evaluateBudgets({
      routes: [routeResult('/about', { cls: 0.1 })],
      homeJs: homeJs(),
      supabase: lazySupabase(),
    });
    expect(formatFailures(checks)).toBe(
      `${FAIL} 1 budget missed:\n  ${FAIL} /about         Cumulative Layout Shift: 0.100 (budget = 0)`,
    );
  });
});

describe('formatReferenceTable', () => {
  it('puts the federated site and the reference side by side with their ratios, marked', () => {
    const home = routeResult('/', { lcpMs: 1200 });
    home.lighthouse.jsGzipBytes = 150 * KIB;
    home.reference!.jsGzipBytes = 100 * KIB;
    const routes = [home, routeResult('/about')];
    const lines = formatReferenceTable(routes, evaluateBudgets({ routes })).split('\n');
    expect(lines).toHaveLength(4);
    for (const header of REFERENCE_TABLE_HEADERS) expect(lines[0]).toContain(header);
    expect(lines[2]).toMatch(
      /^\/\s+150\.0\s+100\.0\s+1\.50 ✗\s+1\.20\s+0\.95\s+1\.26 ✗\s+30\s+20\s+99\s+99$/,
    );
    expect(lines[3]).toContain(`1.04 ${PASS}`);
  });

  it('shows dashes where the reference was not measured', () => {
    const routes = [routeResult('/', {}, { reference: undefined })];
    expect(formatReferenceTable(routes, evaluateBudgets({ routes })).split('\n')[2]).toContain(
      `— ${FAIL}`,
    );
  });
});

describe('formatDiagnosis', () => {
  it('names the audits behind each missed category budget, and the LCP element', () => {
    const route = routeResult('/blog', {
      scores: { performance: 70, accessibility: 100, bestPractices: 100, seo: 91 },
      lcpElement: { selector: 'main h1' },
      lcpBreakdown: [{ subpart: 'elementRenderDelay', ms: 1249 }],
      bootup: [
        {
          url: 'http://127.0.0.1:4700/610.abc.js',
          totalMs: 841,
          scriptingMs: 723,
          parseCompileMs: 18,
        },
      ],
      unusedJs: [
        { url: 'http://127.0.0.1:4700/996.abc.js', wastedBytes: 46915, totalBytes: 56261 },
      ],
      lostPoints: [
        {
          category: 'performance',
          id: 'total-blocking-time',
          title: 'TBT',
          score: 10,
          weight: 30,
          displayValue: '1,200 ms',
        },
        { category: 'seo', id: 'meta-description', title: 'meta', score: 0, weight: 1 },
        { category: 'accessibility', id: 'color-contrast', title: 'contrast', score: 0, weight: 7 },
      ],
    });
    const text = formatDiagnosis([route], evaluateBudgets({ routes: [route] }));
    expect(text).toContain('/blog:');
    expect(text).toContain('performance: total-blocking-time (1,200 ms)');
    expect(text).toContain('seo: meta-description (score 0)');
    expect(text).toContain('LCP element: main h1');
    expect(text).toContain('LCP phases (observed, unthrottled): elementRenderDelay 1249 ms');
    expect(text).toContain('main thread by script: 610.abc.js 841 ms (script 723, parse 18)');
    expect(text).toContain('unused JS: 996.abc.js 45.8 of 54.9 KiB');
    // Accessibility met its budget here, so its audits are not listed.
    expect(text).not.toContain('color-contrast');
  });

  it('names the shifting elements when only CLS is over budget', () => {
    const route = routeResult('/about', {
      cls: 0.32,
      layoutShifts: [{ selector: 'body > div#root > footer', score: 0.3208 }],
    });
    const text = formatDiagnosis([route], evaluateBudgets({ routes: [route] }));
    expect(text).toBe(
      'Where the Lighthouse points go (median run):\n/about:\n  layout shifts: body > div#root > footer (0.321)',
    );
  });

  it('is empty when the Lighthouse budgets are met', () => {
    const route = routeResult('/');
    expect(formatDiagnosis([route], evaluateBudgets({ routes: [route] }))).toBe('');
  });
});

describe('formatHomeBreakdown and formatSupabaseCheck', () => {
  it('lists packages with a measured total and the method', () => {
    const text = formatHomeBreakdown(homeJs({ method: 'measured then apportioned' }));
    expect(text).toContain('react-dom (+scheduler)');
    expect(text).toContain('total (measured)');
    expect(text).toContain('Method: measured then apportioned');
  });

  it('explains a breakdown that could not be measured', () => {
    expect(formatHomeBreakdown(homeJs({ error: 'timeout' }))).toContain('not measured (timeout)');
  });

  it('reports the supabase-js check per page', () => {
    const supabase = lazySupabase();
    const text = formatSupabaseCheck(supabase, evaluateBudgets({ routes: [], supabase }));
    expect(text.split('\n')[0]).toBe(
      `supabase-js on a visitor's page: never loaded (the detector sees it on /console) ${PASS}`,
    );
    expect(text).toContain(
      `/coming-soon: on load not loaded ${PASS} (14 scripts checked); not loaded by the footer ` +
        "newsletter submit; the submit's requests: POST /functions/v1/sign-up",
    );
    expect(text).toContain("/console (the detector's proof): loaded (21.abcdef1234.js)");
  });
});

describe('formatAxeDetails', () => {
  it('lists each violation with its rule, impact, element count and first element', () => {
    const route = routeResult(
      '/community',
      {},
      {
        axe: axeResult({
          total: 1,
          counts: { critical: 0, serious: 0, moderate: 1, minor: 0 },
          violations: [
            {
              id: 'landmark-unique',
              impact: 'moderate',
              help: 'Landmarks should be unique',
              helpUrl: '',
              nodes: 2,
              targets: ['section[aria-labelledby="_r_1_"]'],
              snippets: ['<section aria-labelledby="_r_1_">'],
              viewports: ['mobile', 'desktop'],
            },
          ],
        }),
      },
    );
    expect(formatAxeDetails([route, routeResult('/')])).toBe(
      'axe-core violations:\n  /community: landmark-unique (moderate, 2 elements, mobile + desktop) Landmarks should be unique — <section aria-labelledby="_r_1_">',
    );
  });

  it('is empty without violations, and reports an axe run that failed', () => {
    expect(formatAxeDetails([routeResult('/')])).toBe('');
    expect(
      formatAxeDetails([routeResult('/x', {}, { axe: axeResult({ error: 'timeout' }) })]),
    ).toBe('axe-core violations:\n  /x: axe did not finish: timeout');
  });
});
