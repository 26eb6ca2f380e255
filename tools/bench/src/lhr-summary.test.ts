import { findNode, summarizeLhr, toScore, type LhrLike } from './lhr-summary.ts';

function lhr(overrides: Partial<LhrLike> = {}): LhrLike {
  return {
    lighthouseVersion: '13.5.0',
    categories: {
      performance: {
        score: 0.895,
        auditRefs: [
          { id: 'largest-contentful-paint', weight: 25, group: 'metrics' },
          { id: 'total-blocking-time', weight: 30, group: 'metrics' },
          { id: 'cumulative-layout-shift', weight: 25, group: 'metrics' },
          { id: 'render-blocking-insight', weight: 0, group: 'insights' },
          { id: 'dom-size-insight', weight: 0, group: 'insights' },
          { id: 'network-requests', weight: 0, group: 'hidden' },
        ],
      },
      accessibility: {
        score: 0.97,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 10 },
          { id: 'video-caption', weight: 10 },
        ],
      },
      'best-practices': { score: 1, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
      seo: {
        score: 0.92,
        auditRefs: [
          { id: 'meta-description', weight: 1 },
          { id: 'robots-txt', weight: 1 },
        ],
      },
    },
    audits: {
      'first-contentful-paint': { score: 0.9, numericValue: 1200 },
      'largest-contentful-paint': {
        title: 'Largest Contentful Paint',
        score: 0.7,
        numericValue: 3012.5,
        displayValue: '3.0 s',
      },
      'total-blocking-time': { title: 'Total Blocking Time', score: 1, numericValue: 20 },
      'cumulative-layout-shift': {
        title: 'Cumulative Layout Shift',
        score: 1,
        numericValue: 0.004,
      },
      'speed-index': { score: 1, numericValue: 1500 },
      'render-blocking-insight': {
        title: 'Render blocking requests',
        score: 0,
        scoreDisplayMode: 'metricSavings',
        displayValue: 'Est savings of 300 ms',
      },
      'dom-size-insight': { title: 'Optimize DOM size', score: 1, scoreDisplayMode: 'informative' },
      'color-contrast': {
        title: 'Background and foreground colors do not have a sufficient contrast ratio.',
        score: 0,
        scoreDisplayMode: 'binary',
      },
      'image-alt': {
        title: 'Image elements have [alt] attributes',
        score: 1,
        scoreDisplayMode: 'binary',
      },
      'video-caption': {
        title: 'Videos have captions',
        score: null,
        scoreDisplayMode: 'notApplicable',
      },
      'errors-in-console': {
        title: 'No browser errors logged to the console',
        score: 1,
        scoreDisplayMode: 'binary',
      },
      'meta-description': {
        title: 'Document does not have a meta description',
        score: 0,
        scoreDisplayMode: 'binary',
      },
      'robots-txt': {
        title: 'robots.txt is not valid',
        score: null,
        scoreDisplayMode: 'error',
        errorMessage: 'Status code: 404',
      },
      'network-requests': {
        score: null,
        scoreDisplayMode: 'informative',
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1:4700/', resourceType: 'Document', transferSize: 900 },
            {
              url: 'http://127.0.0.1:4700/main.abc.js',
              resourceType: 'Script',
              transferSize: 30_000,
            },
            {
              url: 'http://127.0.0.1:4701/remoteEntry.js',
              resourceType: 'Script',
              transferSize: 25_000,
            },
            {
              url: 'http://127.0.0.1:4701/mf-manifest.json',
              resourceType: 'Fetch',
              transferSize: 2_000,
            },
          ],
        },
      },
      'layout-shifts': {
        score: null,
        scoreDisplayMode: 'informative',
        details: {
          type: 'table',
          items: [
            {
              node: { type: 'node', selector: 'main > section', snippet: '<section>' },
              score: 0.001,
            },
            {
              node: {
                type: 'node',
                selector: 'body > div#root > footer',
                snippet: '<footer class="x">',
              },
              score: 0.32077764,
            },
          ],
        },
      },
      'lcp-breakdown-insight': {
        score: 1,
        details: {
          type: 'list',
          items: [
            {
              type: 'table',
              items: [
                { subpart: 'timeToFirstByte', label: 'Time to first byte', duration: 39.057 },
                {
                  subpart: 'elementRenderDelay',
                  label: 'Element render delay',
                  duration: 1248.763,
                },
              ],
            },
            { type: 'node', selector: 'main > h1', snippet: '<h1>', nodeLabel: 'Agentora' },
          ],
        },
      },
      'unused-javascript': {
        score: 0,
        scoreDisplayMode: 'metricSavings',
        details: {
          type: 'opportunity',
          items: [
            { url: 'http://127.0.0.1:4700/610.js', totalBytes: 60258, wastedBytes: 25435.4 },
            { url: 'http://127.0.0.1:4700/996.js', totalBytes: 56261, wastedBytes: 46915 },
          ],
        },
      },
      'bootup-time': {
        score: 0,
        scoreDisplayMode: 'metricSavings',
        details: {
          type: 'table',
          items: [
            {
              url: 'http://127.0.0.1:4700/main.js',
              total: 621.4,
              scripting: 232.8,
              scriptParseCompile: 385.9,
            },
            {
              url: 'http://127.0.0.1:4700/610.js',
              total: 840.9,
              scripting: 723.4,
              scriptParseCompile: 18.4,
            },
          ],
        },
      },
    },
    environment: { benchmarkIndex: 1171.5 },
    ...overrides,
  };
}

describe('toScore', () => {
  it('rounds as Lighthouse displays scores', () => {
    expect(toScore(0.895)).toBe(90);
    expect(toScore(0.894)).toBe(89);
    expect(toScore(1)).toBe(100);
    expect(toScore(null)).toBeNull();
    expect(toScore(undefined)).toBeNull();
  });
});

describe('summarizeLhr', () => {
  const summary = summarizeLhr(lhr());

  it('reads the four category scores and the metrics', () => {
    expect(summary.scores).toEqual({
      performance: 90,
      accessibility: 97,
      bestPractices: 100,
      seo: 92,
    });
    expect(summary).toMatchObject({
      fcpMs: 1200,
      lcpMs: 3012.5,
      tbtMs: 20,
      speedIndexMs: 1500,
      cls: 0.004,
      benchmarkIndex: 1171.5,
    });
  });

  it('sums the Script requests of the load and counts all requests', () => {
    expect(summary.jsTransferBytes).toBe(55_000);
    expect(summary.jsRequests).toBe(2);
    expect(summary.requests).toBe(4);
    expect(summary.scripts.map((s) => s.url)).toEqual([
      'http://127.0.0.1:4700/main.abc.js',
      'http://127.0.0.1:4701/remoteEntry.js',
    ]);
  });

  it('lists the audits that cost points, heaviest first, with errors', () => {
    expect(summary.lostPoints.map((audit) => `${audit.category}:${audit.id}`)).toEqual([
      'performance:largest-contentful-paint',
      'accessibility:color-contrast',
      'seo:meta-description',
      'seo:robots-txt',
      'performance:render-blocking-insight',
    ]);
    expect(summary.lostPoints.find((audit) => audit.id === 'robots-txt')).toMatchObject({
      error: 'Status code: 404',
      score: null,
    });
    expect(
      summary.lostPoints.find((audit) => audit.id === 'render-blocking-insight')?.displayValue,
    ).toBe('Est savings of 300 ms');
  });

  it('finds the LCP element in the breakdown insight', () => {
    expect(summary.lcpElement).toEqual({
      selector: 'main > h1',
      snippet: '<h1>',
      nodeLabel: 'Agentora',
    });
  });

  it('keeps the LCP phases, the most unused scripts and the heaviest scripts on the main thread', () => {
    expect(summary.lcpBreakdown).toEqual([
      { subpart: 'timeToFirstByte', ms: 39 },
      { subpart: 'elementRenderDelay', ms: 1249 },
    ]);
    expect(summary.unusedJs).toEqual([
      { url: 'http://127.0.0.1:4700/996.js', wastedBytes: 46915, totalBytes: 56261 },
      { url: 'http://127.0.0.1:4700/610.js', wastedBytes: 25435, totalBytes: 60258 },
    ]);
    expect(
      summary.bootup.map((script) => [
        script.url,
        script.totalMs,
        script.scriptingMs,
        script.parseCompileMs,
      ]),
    ).toEqual([
      ['http://127.0.0.1:4700/610.js', 841, 723, 18],
      ['http://127.0.0.1:4700/main.js', 621, 233, 386],
    ]);
  });

  it('names the elements that shifted, worst first', () => {
    expect(summary.layoutShifts).toEqual([
      { selector: 'body > div#root > footer', snippet: '<footer class="x">', score: 0.3208 },
      { selector: 'main > section', snippet: '<section>', score: 0.001 },
    ]);
  });

  it('keeps a runtime error and survives missing audits', () => {
    const broken = summarizeLhr({
      runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
      categories: { performance: { score: null, auditRefs: [] } },
      audits: {},
    });
    expect(broken.runtimeError).toBe('NO_FCP: The page did not paint any content.');
    expect(broken.scores.performance).toBeNull();
    expect(broken).toMatchObject({
      lcpMs: null,
      cls: null,
      jsTransferBytes: 0,
      requests: 0,
      lostPoints: [],
      layoutShifts: [],
      unusedJs: [],
      bootup: [],
      lcpBreakdown: [],
    });
  });
});

describe('findNode', () => {
  it('returns undefined when no node is named', () => {
    expect(findNode({ type: 'table', items: [{ url: 'x' }] })).toBeUndefined();
    expect(findNode(null)).toBeUndefined();
  });
});
