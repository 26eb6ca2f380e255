// What a CSP report is reduced to before it is counted (docs/security.md, "CSP reports"): the directive,
// the blocked source, the page and the sample, each normalised to a short shape that holds nothing of
// the visitor. Both report formats browsers send are read here: the legacy `report-uri` body
// (`{"csp-report": {...}}`, kebab-case keys) and the Reporting API's batch (an array of
// `{type: "csp-violation", url, body: {...}}`, camelCase keys).
import { isRecord } from '../_shared/http/body.ts';
import { PATH_PATTERN } from '../_shared/rules/attribution.ts';
import {
  CSP_BLOCKED_KEYWORD_PATTERN,
  CSP_BLOCKED_ORIGIN_PATTERN,
  CSP_DIRECTIVES,
  CSP_OTHER_DIRECTIVE,
  CSP_REPORT_LIMITS,
} from '../_shared/rules/csp-reports.ts';

/** One violation as it is counted. */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  sample: string;
}

/** The two bodies browsers send, by their Content-Type. */
export type ReportFormat = 'csp-report' | 'reports+json';

const FORMATS: Readonly<Record<string, ReportFormat>> = {
  'application/csp-report': 'csp-report',
  'application/reports+json': 'reports+json',
};

/** The report format a Content-Type names (its parameters ignored), or null for any other type. */
export function reportFormatOf(contentType: string | null): ReportFormat | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return FORMATS[type] ?? null;
}

/** What the blocked-uri / blockedURL of a report may be besides a URL (CSP3 and browsers' own words). */
const BLOCKED_KEYWORDS: ReadonlySet<string> = new Set([
  'inline',
  'eval',
  'wasm-eval',
  'trusted-types-policy',
  'trusted-types-sink',
  'self',
  'data',
  'blob',
  'filesystem',
]);

/** Where a URL's origin is kept; any other scheme is kept as the scheme alone. */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'ws:', 'wss:']);

export const UNKNOWN_BLOCKED = 'unknown';
export const OTHER_BLOCKED = 'other';
/** The page of a report whose document is not a page of the site's shape. */
export const OTHER_PAGE = '/other';

/**
 * The blocked source as it is counted: a keyword ('inline', 'eval', …), a scheme alone ('data', 'blob',
 * 'chrome-extension'), or the origin of an http(s) or ws(s) URL: never its path, query, fragment or
 * user info, since a blocked URL may carry a token.
 */
export function normaliseBlocked(value: unknown): string {
  if (typeof value !== 'string') return UNKNOWN_BLOCKED;
  const raw = value.trim();
  if (raw === '') return UNKNOWN_BLOCKED;
  const word = raw.toLowerCase();
  if (BLOCKED_KEYWORDS.has(word)) return word;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return OTHER_BLOCKED;
  }
  if (WEB_SCHEMES.has(url.protocol)) {
    const origin = url.origin.toLowerCase();
    return CSP_BLOCKED_ORIGIN_PATTERN.test(origin) ? origin : OTHER_BLOCKED;
  }
  const scheme = url.protocol.slice(0, -1);
  return CSP_BLOCKED_KEYWORD_PATTERN.test(scheme) ? scheme : OTHER_BLOCKED;
}

/**
 * The directive a violation is counted under: the effective directive (CSP3), else the first word of
 * the violated one (CSP2 browsers sent the directive with its value), if it is a directive's name;
 * 'other' for anything else, null when the report names none (then it is no violation report).
 */
export function normaliseDirective(effective: unknown, violated: unknown): string | null {
  const named = [effective, violated].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (named === undefined) return null;
  const name = named.trim().split(/\s+/)[0].toLowerCase();
  return CSP_DIRECTIVES.includes(name) ? name : CSP_OTHER_DIRECTIVE;
}

/**
 * The page: the document URL's path alone (no query, no fragment, where mail links carry their
 * tokens), if it has the shape of a site path (rules/attribution.ts, at most 200 characters); '/other'
 * for anything else.
 */
export function normalisePage(documentUrl: unknown): string {
  if (typeof documentUrl !== 'string') return OTHER_PAGE;
  let url: URL;
  try {
    url = new URL(documentUrl);
  } catch {
    return OTHER_PAGE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return OTHER_PAGE;
  return PATH_PATTERN.test(url.pathname) ? url.pathname : OTHER_PAGE;
}

// C0 and C1 controls and DEL, and UTF-16 halves without their other half: PostgreSQL's text takes no
// NUL and its JSON no lone surrogate, and neither shows as anything.
const UNSHOWABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The sample as it is counted: the browser's (the first 40 characters of the blocked script or style,
 * with 'report-sample'), with control characters as spaces, cut to 40 characters (code points, so no
 * character is cut in half). Stored and shown as text, never as markup.
 */
export function normaliseSample(value: unknown): string {
  if (typeof value !== 'string') return '';
  return Array.from(value.replace(UNSHOWABLE, ' '))
    .slice(0, CSP_REPORT_LIMITS.sampleChars)
    .join('');
}

/** One report's fields, whichever format named them; null when it is no violation report. */
function violationOf(fields: {
  effective: unknown;
  violated: unknown;
  blocked: unknown;
  document: unknown;
  sample: unknown;
}): CspViolation | null {
  const directive = normaliseDirective(fields.effective, fields.violated);
  if (directive === null) return null;
  return {
    directive,
    blocked: normaliseBlocked(fields.blocked),
    page: normalisePage(fields.document),
    sample: normaliseSample(fields.sample),
  };
}

export type ReadReports = { ok: true; violations: CspViolation[] } | { ok: false };

/**
 * The violations a body holds, at most maxReportsPerBatch, or not ok for a body of neither shape. A
 * Reporting API batch may hold reports of other types (an endpoint can be shared): they are skipped,
 * as are reports that name no directive.
 */
export function readReports(format: ReportFormat, body: unknown): ReadReports {
  if (format === 'csp-report') {
    if (!isRecord(body) || !isRecord(body['csp-report'])) return { ok: false };
    const report = body['csp-report'];
    const violation = violationOf({
      effective: report['effective-directive'],
      violated: report['violated-directive'],
      blocked: report['blocked-uri'],
      document: report['document-uri'],
      sample: report['script-sample'],
    });
    return { ok: true, violations: violation ? [violation] : [] };
  }
  if (!Array.isArray(body)) return { ok: false };
  const violations: CspViolation[] = [];
  for (const report of body) {
    if (violations.length >= CSP_REPORT_LIMITS.maxReportsPerBatch) break;
    if (!isRecord(report) || report.type !== 'csp-violation' || !isRecord(report.body)) continue;
    const violation = violationOf({
      effective: report.body.effectiveDirective,
      violated: report.body.violatedDirective,
      blocked: report.body.blockedURL,
      document: report.body.documentURL ?? report.url,
      sample: report.body.sample,
    });
    if (violation) violations.push(violation);
  }
  return { ok: true, violations };
}
