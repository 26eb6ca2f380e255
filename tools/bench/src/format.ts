// Plain-text rendering of the results for the terminal (the JSON report has everything in full).
import { KIB, type BudgetCheck, type BudgetId } from './budgets.ts';
import type { CategoryId } from './lhr-summary.ts';
import {
  medianTiming,
  type HomeJsBreakdown,
  type RouteResult,
  type SupabaseLazyResult,
} from './measurements.ts';

export const PASS = '✓';
export const FAIL = '✗';

function width(text: string): number {
  return [...text].length;
}

/** A table with a header rule; numbers (anything starting with a digit, "-" or "—") align right. */
export function formatTable(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const widths = headers.map((header, column) =>
    Math.max(width(header), ...rows.map((row) => width(row[column] ?? ''))),
  );
  const numeric = headers.map(
    (_, column) => column > 0 && rows.every((row) => /^([-—\d.]|$)/.test(row[column] ?? '')),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const pad = ' '.repeat(widths[column] - width(cell));
        return numeric[column] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [
    line(headers),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...rows.map((row) => line(headers.map((_, column) => row[column] ?? ''))),
  ].join('\n');
}

export function kib(bytes: number | null | undefined): string {
  return typeof bytes === 'number' ? (bytes / KIB).toFixed(1) : '—';
}

function mark(checks: readonly BudgetCheck[], scope: string, id: BudgetId): string {
  const check = checks.find((candidate) => candidate.scope === scope && candidate.id === id);
  return check ? ` ${check.pass ? PASS : FAIL}` : '';
}

function withMark(
  value: string,
  checks: readonly BudgetCheck[],
  scope: string,
  id: BudgetId,
): string {
  return `${value}${mark(checks, scope, id)}`;
}

export const ROUTE_TABLE_HEADERS = [
  'Route',
  'Perf',
  'A11y',
  'BP',
  'SEO',
  'LCP s',
  'TBT ms',
  'CLS',
  'JS gz KiB',
  'JS br KiB',
  'JS req',
  'Req',
  'axe c/s/m/m',
  'React',
  'All',
] as const;

const score = (value: number | null | undefined) =>
  typeof value === 'number' ? String(value) : '—';
const seconds = (ms: number | null | undefined) =>
  typeof ms === 'number' ? (ms / 1000).toFixed(2) : '—';
const milliseconds = (ms: number | null | undefined) =>
  typeof ms === 'number' ? String(Math.round(ms)) : '—';

const clsText = (cls: number | undefined) => (typeof cls === 'number' ? cls.toFixed(3) : '—');

/** One row per route of the federated site: every budgeted value followed by ✓ or ✗. */
export function formatRouteTable(
  routes: readonly RouteResult[],
  checks: readonly BudgetCheck[],
): string {
  const rows = routes.map((result) => {
    const { route } = result;
    const median = result.lighthouse.median;
    const axe =
      result.axe && !result.axe.error
        ? `${result.axe.counts.critical}/${result.axe.counts.serious}/${result.axe.counts.moderate}/${result.axe.counts.minor}`
        : '—';
    const routeChecks = checks.filter((check) => check.scope === route);
    return [
      route,
      withMark(score(median?.scores.performance), checks, route, 'performance'),
      withMark(score(median?.scores.accessibility), checks, route, 'accessibility'),
      withMark(score(median?.scores.bestPractices), checks, route, 'best-practices'),
      withMark(score(median?.scores.seo), checks, route, 'seo'),
      withMark(seconds(medianTiming(result.lighthouse, 'lcpMs')), checks, route, 'lcp'),
      withMark(milliseconds(medianTiming(result.lighthouse, 'tbtMs')), checks, route, 'tbt'),
      withMark(clsText(medianTiming(result.lighthouse, 'cls')), checks, route, 'cls'),
      withMark(kib(result.lighthouse.jsGzipBytes), checks, route, 'first-load-js'),
      kib(median?.jsTransferBytes),
      median ? String(median.jsRequests) : '—',
      median ? String(median.requests) : '—',
      withMark(axe, checks, route, 'axe'),
      withMark(result.react ? String(result.react.copies) : '—', checks, route, 'react-copies'),
      routeChecks.length > 0 && routeChecks.every((check) => check.pass) ? PASS : FAIL,
    ];
  });
  return formatTable(ROUTE_TABLE_HEADERS, rows);
}

export const REFERENCE_TABLE_HEADERS = [
  'Route',
  'JS gz fed',
  'ref',
  'ratio',
  'LCP s fed',
  'ref',
  'ratio',
  'TBT ms fed',
  'ref',
  'Perf fed',
  'ref',
] as const;

function ratio(federated: number | null | undefined, reference: number | null | undefined): string {
  return typeof federated === 'number' && typeof reference === 'number' && reference > 0
    ? (federated / reference).toFixed(2)
    : '—';
}

/** The federated site and the single-bundle reference side by side, per route, with their ratios. */
export function formatReferenceTable(
  routes: readonly RouteResult[],
  checks: readonly BudgetCheck[],
): string {
  const rows = routes.map((result) => {
    const { route } = result;
    const federated = result.lighthouse;
    const reference = result.reference;
    return [
      route,
      kib(federated.jsGzipBytes),
      kib(reference?.jsGzipBytes),
      withMark(
        ratio(federated.jsGzipBytes, reference?.jsGzipBytes),
        checks,
        route,
        'js-vs-reference',
      ),
      seconds(medianTiming(federated, 'lcpMs')),
      seconds(reference && medianTiming(reference, 'lcpMs')),
      withMark(
        ratio(medianTiming(federated, 'lcpMs'), reference && medianTiming(reference, 'lcpMs')),
        checks,
        route,
        'lcp-vs-reference',
      ),
      milliseconds(medianTiming(federated, 'tbtMs')),
      milliseconds(reference && medianTiming(reference, 'tbtMs')),
      score(federated.median?.scores.performance),
      score(reference?.median?.scores.performance),
    ];
  });
  return formatTable(REFERENCE_TABLE_HEADERS, rows);
}

export function formatHomeBreakdown(breakdown: HomeJsBreakdown): string {
  if (breakdown.error) return `Home page JS breakdown: not measured (${breakdown.error})`;
  const total = breakdown.totalGzipBytes || 1;
  const packageRows = breakdown.packages.map((share) => [
    share.label,
    kib(share.gzipBytes),
    kib(share.transferBytes),
    `${((share.gzipBytes / total) * 100).toFixed(1)}%`,
  ]);
  packageRows.push([
    'total (measured)',
    kib(breakdown.totalGzipBytes),
    kib(breakdown.totalTransferBytes),
    '100.0%',
  ]);
  const scriptRows = breakdown.scripts.map((script) => [
    `${script.app ?? '?'}/${script.url.split('/').pop() ?? script.url}`,
    kib(script.gzipBytes),
    kib(script.transferBytes),
    script.matchedBy === 'file'
      ? 'exact'
      : script.matchedBy === 'chunk-id'
        ? 'by chunk id'
        : 'not found',
    script.packages
      .slice(0, 3)
      .map((share) => share.label.replace(/ \(.*\)$/, ''))
      .join(', '),
  ]);
  return [
    `Home page JS by package (${breakdown.route}, ${breakdown.scripts.length} scripts, react-dom copies: ${breakdown.reactDomCopies}) — estimate, see method below`,
    formatTable(['Package', 'gzip KiB', 'br KiB', 'share'], packageRows),
    '',
    formatTable(['Script', 'gzip KiB', 'br KiB', 'stats match', 'mostly'], scriptRows),
    '',
    `Method: ${breakdown.method}`,
    ...breakdown.notes.map((note) => `Note: ${note}`),
  ].join('\n');
}

export function formatSupabaseCheck(
  result: SupabaseLazyResult | undefined,
  checks: readonly BudgetCheck[],
): string {
  const check = checks.find((candidate) => candidate.id === 'supabase-lazy');
  const lines = [
    `supabase-js on a visitor's page: ${check ? `${check.actual} ${check.pass ? PASS : FAIL}` : 'not checked'}`,
  ];
  for (const page of result?.pages ?? []) {
    const before = page.loadedBeforeSubmit
      ? `LOADED before any submit ${FAIL}`
      : `not loaded ${PASS} (${page.scriptsBeforeSubmit} scripts checked)`;
    const after = page.loadedAfterSubmit
      ? `LOADED by the footer newsletter submit (${page.supabaseScript?.split('/').pop()}) ${FAIL}`
      : 'not loaded by the footer newsletter submit';
    const requests = page.submitRequests
      ? `; the submit's requests: ${page.submitRequests.join(', ') || 'none'}`
      : '';
    lines.push(
      `  ${page.route}: on load ${before}; ${after}${requests}${page.submitOutcome ? `; form said "${page.submitOutcome}"` : ''}${page.error ? `; error: ${page.error}` : ''}`,
    );
  }
  const detector = result?.detector;
  if (detector)
    lines.push(
      `  ${detector.route} (the detector's proof): ${detector.seen ? `loaded (${detector.supabaseScript?.split('/').pop()})` : 'not seen'}${detector.error ? `; error: ${detector.error}` : ''}`,
    );
  return lines.join('\n');
}

export function formatFailures(checks: readonly BudgetCheck[]): string {
  const failed = checks.filter((check) => !check.pass);
  if (failed.length === 0) return `${PASS} All budgets met.`;
  return [
    `${FAIL} ${failed.length} budget${failed.length === 1 ? '' : 's'} missed:`,
    ...failed.map(
      (check) =>
        `  ${FAIL} ${check.scope.padEnd(14)} ${check.label}: ${check.actual} (budget ${check.limit})`,
    ),
  ].join('\n');
}

const CATEGORY_BY_BUDGET: Partial<Record<BudgetId, CategoryId>> = {
  performance: 'performance',
  lcp: 'performance',
  tbt: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best-practices',
  seo: 'seo',
};

/** For each route that missed a Lighthouse category or CLS budget: the audits that cost its points, and the elements behind LCP and CLS. */
export function formatDiagnosis(
  routes: readonly RouteResult[],
  checks: readonly BudgetCheck[],
  perCategory = 6,
): string {
  const lines: string[] = [];
  for (const result of routes) {
    const median = result.lighthouse.median;
    if (!median) continue;
    const failing = [
      ...new Set(
        checks
          .filter((check) => check.scope === result.route && !check.pass)
          .map((check) => CATEGORY_BY_BUDGET[check.id])
          .filter((category): category is CategoryId => category !== undefined),
      ),
    ];
    const clsFailed = checks.some(
      (check) => check.scope === result.route && check.id === 'cls' && !check.pass,
    );
    if (failing.length === 0 && !clsFailed) continue;
    lines.push(`${result.route}:`);
    for (const category of failing) {
      const lost = median.lostPoints
        .filter((audit) => audit.category === category)
        .slice(0, perCategory);
      const text = lost
        .map(
          (audit) =>
            `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : audit.error ? ` (error: ${audit.error})` : ` (score ${audit.score ?? '—'})`}`,
        )
        .join(', ');
      lines.push(
        `  ${category}: ${text || 'no single audit below 100 (rounding of weighted metrics)'}`,
      );
    }
    if (failing.includes('performance')) {
      const file = (url: string) => url.split('/').pop() || url;
      if (median.lcpElement)
        lines.push(
          `  LCP element: ${median.lcpElement.selector ?? median.lcpElement.snippet ?? median.lcpElement.nodeLabel}`,
        );
      if (median.lcpBreakdown.length > 0)
        lines.push(
          `  LCP phases (observed, unthrottled): ${median.lcpBreakdown.map((phase) => `${phase.subpart} ${phase.ms} ms`).join(', ')}`,
        );
      if (median.bootup.length > 0)
        lines.push(
          `  main thread by script: ${median.bootup
            .slice(0, 4)
            .map(
              (script) =>
                `${file(script.url)} ${script.totalMs} ms (script ${script.scriptingMs}, parse ${script.parseCompileMs})`,
            )
            .join(', ')}`,
        );
      if (median.unusedJs.length > 0)
        lines.push(
          `  unused JS: ${median.unusedJs
            .slice(0, 4)
            .map(
              (script) =>
                `${file(script.url)} ${kib(script.wastedBytes)} of ${kib(script.totalBytes)} KiB`,
            )
            .join(', ')}`,
        );
    }
    if ((clsFailed || failing.includes('performance')) && median.layoutShifts.length > 0) {
      lines.push(
        `  layout shifts: ${median.layoutShifts.map((shift) => `${shift.selector ?? shift.snippet ?? '?'} (${shift.score.toFixed(3)})`).join(', ')}`,
      );
    }
  }
  return lines.length > 0
    ? ['Where the Lighthouse points go (median run):', ...lines].join('\n')
    : '';
}

/** Each axe violation with where it is, so it can be found without the JSON. */
export function formatAxeDetails(routes: readonly RouteResult[]): string {
  const lines: string[] = [];
  for (const result of routes) {
    if (result.axe?.error) lines.push(`  ${result.route}: axe did not finish: ${result.axe.error}`);
    for (const violation of result.axe?.violations ?? []) {
      const where = violation.snippets[0] ?? violation.targets[0] ?? '';
      lines.push(
        `  ${result.route}: ${violation.id} (${violation.impact}, ${violation.nodes} element${violation.nodes === 1 ? '' : 's'}, ${violation.viewports.join(' + ')}) ${violation.help} — ${where}`,
      );
    }
  }
  return lines.length > 0 ? ['axe-core violations:', ...lines].join('\n') : '';
}
