// What the benchmark keeps of one Lighthouse result (LHR). The types describe only the fields read
// here, so the real LH.Result fits them and the tests can hand in small fixtures.

export interface LhrAudit {
  id?: string;
  title?: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  displayValue?: string;
  errorMessage?: string;
  details?: unknown;
}

export interface LhrCategory {
  score: number | null;
  auditRefs: ReadonlyArray<{ id: string; weight: number; group?: string }>;
}

export interface LhrLike {
  lighthouseVersion?: string;
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: readonly string[];
  categories: Record<string, LhrCategory | undefined>;
  audits: Record<string, LhrAudit | undefined>;
  environment?: { benchmarkIndex?: number };
}

export const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Scores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
}

/** An audit that cost points (or, for performance, one whose savings Lighthouse flags). */
export interface LostPoints {
  category: CategoryId;
  id: string;
  title: string;
  /** 0-100, null for audits that errored. */
  score: number | null;
  weight: number;
  displayValue?: string;
  error?: string;
}

export interface RequestSummary {
  url: string;
  resourceType: string;
  transferSize: number;
}

export interface RunSummary {
  scores: Scores;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  speedIndexMs: number | null;
  cls: number | null;
  /** Script requests of the load, transferred bytes as Lighthouse saw them (encoded body + headers). */
  scripts: RequestSummary[];
  jsTransferBytes: number;
  jsRequests: number;
  requests: number;
  lcpElement?: { selector?: string; snippet?: string; nodeLabel?: string };
  /** Phases of the LCP as observed (unthrottled) in the trace, e.g. time to first byte, render delay. */
  lcpBreakdown: Array<{ subpart: string; ms: number }>;
  /** Scripts with the most unused bytes (unused-javascript), worst first. */
  unusedJs: Array<{ url: string; wastedBytes: number; totalBytes: number }>;
  /** Scripts with the most main-thread time (bootup-time), worst first. */
  bootup: Array<{ url: string; totalMs: number; scriptingMs: number; parseCompileMs: number }>;
  /** The elements that shifted most (Lighthouse's layout-shifts audit), worst first. */
  layoutShifts: Array<{ selector?: string; snippet?: string; score: number }>;
  lostPoints: LostPoints[];
  runtimeError?: string;
  warnings: string[];
  benchmarkIndex?: number;
}

/** Lighthouse shows category scores as Math.round(score * 100); budgets compare that number. */
export function toScore(score: number | null | undefined): number | null {
  return typeof score === 'number' && Number.isFinite(score) ? Math.round(score * 100) : null;
}

function numeric(audit: LhrAudit | undefined): number | null {
  return typeof audit?.numericValue === 'number' && Number.isFinite(audit.numericValue)
    ? audit.numericValue
    : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function networkRequests(audits: LhrLike['audits']): RequestSummary[] {
  const details = audits['network-requests']?.details;
  const items = isObject(details) && Array.isArray(details.items) ? details.items : [];
  return items.filter(isObject).map((item) => ({
    url: String(item.url ?? ''),
    resourceType: String(item.resourceType ?? 'Other'),
    transferSize: typeof item.transferSize === 'number' ? item.transferSize : 0,
  }));
}

/** The first DOM node named anywhere in an audit's details (how Lighthouse points at the LCP element). */
export function findNode(
  details: unknown,
  depth = 0,
): { selector?: string; snippet?: string; nodeLabel?: string } | undefined {
  if (depth > 6 || !isObject(details)) return undefined;
  if (details.type === 'node') {
    return {
      selector: typeof details.selector === 'string' ? details.selector : undefined,
      snippet: typeof details.snippet === 'string' ? details.snippet : undefined,
      nodeLabel: typeof details.nodeLabel === 'string' ? details.nodeLabel : undefined,
    };
  }
  for (const value of Object.values(details)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      const found = findNode(child, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function tableItems(audit: LhrAudit | undefined): Array<Record<string, unknown>> {
  const details = audit?.details;
  return isObject(details) && Array.isArray(details.items) ? details.items.filter(isObject) : [];
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function layoutShifts(audits: LhrLike['audits'], limit = 3): RunSummary['layoutShifts'] {
  return tableItems(audits['layout-shifts'])
    .map((item) => ({
      node: findNode(item.node),
      score: typeof item.score === 'number' ? item.score : 0,
    }))
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ node, score }) => ({
      ...(node?.selector ? { selector: node.selector } : {}),
      ...(node?.snippet ? { snippet: node.snippet } : {}),
      score: Number(score.toFixed(4)),
    }));
}

function lcpBreakdown(audit: LhrAudit | undefined): RunSummary['lcpBreakdown'] {
  // The insight's details are a list whose first table holds { subpart, duration } rows.
  const rows = tableItems(audit).flatMap((item) =>
    Array.isArray(item.items) ? item.items.filter(isObject) : [],
  );
  return rows
    .filter((row) => typeof row.subpart === 'string')
    .map((row) => ({ subpart: String(row.subpart), ms: Math.round(num(row.duration)) }));
}

function unusedJs(audit: LhrAudit | undefined, limit = 5): RunSummary['unusedJs'] {
  return tableItems(audit)
    .map((item) => ({
      url: String(item.url ?? ''),
      wastedBytes: Math.round(num(item.wastedBytes)),
      totalBytes: Math.round(num(item.totalBytes)),
    }))
    .sort((a, b) => b.wastedBytes - a.wastedBytes)
    .slice(0, limit);
}

function bootup(audit: LhrAudit | undefined, limit = 5): RunSummary['bootup'] {
  return tableItems(audit)
    .map((item) => ({
      url: String(item.url ?? ''),
      totalMs: Math.round(num(item.total)),
      scriptingMs: Math.round(num(item.scripting)),
      parseCompileMs: Math.round(num(item.scriptParseCompile)),
    }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, limit);
}

const UNSCORED_MODES = new Set(['notApplicable', 'informative', 'manual']);

function lostPoints(lhr: LhrLike): LostPoints[] {
  const lost: LostPoints[] = [];
  for (const category of CATEGORY_IDS) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || UNSCORED_MODES.has(audit.scoreDisplayMode ?? '') || ref.group === 'hidden')
        continue;
      const errored = audit.scoreDisplayMode === 'error';
      // Weighted audits move the score; for performance the unweighted insights and diagnostics
      // say why the metrics are what they are, so the ones Lighthouse marks as failing are kept too.
      const counts =
        ref.weight > 0
          ? audit.score !== null && audit.score < 1
          : category === 'performance' && audit.score !== null && audit.score < 0.9;
      if (!errored && !counts) continue;
      lost.push({
        category,
        id: ref.id,
        title: audit.title ?? ref.id,
        score: toScore(audit.score),
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(errored ? { error: audit.errorMessage ?? 'audit error' } : {}),
      });
    }
  }
  return lost.sort((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}

export function summarizeLhr(lhr: LhrLike): RunSummary {
  const requests = networkRequests(lhr.audits);
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const lcpSource =
    lhr.audits['largest-contentful-paint-element']?.details ??
    lhr.audits['lcp-breakdown-insight']?.details;
  const lcpElement = findNode(lcpSource);
  return {
    scores: {
      performance: toScore(lhr.categories.performance?.score),
      accessibility: toScore(lhr.categories.accessibility?.score),
      bestPractices: toScore(lhr.categories['best-practices']?.score),
      seo: toScore(lhr.categories.seo?.score),
    },
    fcpMs: numeric(lhr.audits['first-contentful-paint']),
    lcpMs: numeric(lhr.audits['largest-contentful-paint']),
    tbtMs: numeric(lhr.audits['total-blocking-time']),
    speedIndexMs: numeric(lhr.audits['speed-index']),
    cls: numeric(lhr.audits['cumulative-layout-shift']),
    scripts,
    jsTransferBytes: scripts.reduce((sum, script) => sum + script.transferSize, 0),
    jsRequests: scripts.length,
    requests: requests.length,
    ...(lcpElement ? { lcpElement } : {}),
    lcpBreakdown: lcpBreakdown(lhr.audits['lcp-breakdown-insight']),
    unusedJs: unusedJs(lhr.audits['unused-javascript']),
    bootup: bootup(lhr.audits['bootup-time']),
    layoutShifts: layoutShifts(lhr.audits),
    lostPoints: lostPoints(lhr),
    ...(lhr.runtimeError
      ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
      : {}),
    warnings: [...(lhr.runWarnings ?? [])],
    ...(typeof lhr.environment?.benchmarkIndex === 'number'
      ? { benchmarkIndex: lhr.environment.benchmarkIndex }
      : {}),
  };
}
