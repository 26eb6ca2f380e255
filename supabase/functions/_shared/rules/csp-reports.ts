// Content-Security-Policy violation reports (docs/security.md, "CSP reports"): where browsers send them,
// what of them is kept, and the bounds. The function `csp-report` applies these; the database holds the
// same numbers and shapes (private.csp_report_rules() and the CHECKs of public.csp_violations,
// supabase/schemas/reports.sql), which supabase/tests/csp-violations.test.ts holds equal to these.
// The deploy's header writer builds the policy's report address with cspReportUrl.

/** The edge function's name, and so the last segment of its URL. */
export const CSP_REPORT_FUNCTION = 'csp-report';

/** The query parameter naming the shell's release whose headers sent the report. */
export const CSP_RELEASE_PARAM = 'release';

/**
 * A release as the report address names it: a short token of lowercase letters, digits and '-' (a date,
 * a commit's short hash, a build number). Anything else, or none, is counted as CSP_UNKNOWN_RELEASE, so a
 * made-up value cannot add text of its choosing to the counts.
 */
export const CSP_RELEASE_PATTERN = /^[a-z0-9-]{1,40}$/;
export const CSP_UNKNOWN_RELEASE = 'unknown';

/** The release as it is counted: itself when it has the shape, else 'unknown'. */
export function cspRelease(value: string | null | undefined): string {
  return typeof value === 'string' && CSP_RELEASE_PATTERN.test(value) ? value : CSP_UNKNOWN_RELEASE;
}

/**
 * The address a policy's `report-uri` (and a Reporting-Endpoints entry) names:
 * `<backend>/functions/v1/csp-report?release=<release>`. Throws for a release the function would count
 * as unknown, or a backend that is not an http(s) URL, so a deploy cannot write a header whose reports
 * lose their release.
 */
export function cspReportUrl(backendUrl: string, release: string): string {
  if (!CSP_RELEASE_PATTERN.test(release)) {
    throw new Error(`A CSP report release is ${CSP_RELEASE_PATTERN.source}, not ${release}`);
  }
  const base = new URL(backendUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new Error(`The backend URL must be http(s): ${backendUrl}`);
  }
  const url = new URL(
    `${base.pathname.replace(/\/+$/, '')}/functions/v1/${CSP_REPORT_FUNCTION}`,
    base.origin,
  );
  url.searchParams.set(CSP_RELEASE_PARAM, release);
  return url.toString();
}

/**
 * The bounds, written once (the SQL's private.csp_report_rules() answers the same; docs/security.md
 * says why each):
 * - maxBodyBytes: a report repeats the whole policy (about 600 bytes, 53 more per inline-script
 *   hash), so one is one or two KB and a batch of 20 fits in 64 KiB. A body declared or streamed past
 *   it is refused (413) before more of it is read.
 * - maxReportsPerBatch: a Reporting API upload holds what one browser queued for about a minute; past
 *   20 violations a page is broken in the same way 20 times, and the rest of the batch is not counted.
 * - perClientAddressPerMinute: reports counted per client address (a row of rate_limit_rules), as
 *   record-visit's page views: a visitor's browser on a broken page sends a few per page, so 60 a
 *   minute hears every real one; a script at one address adds at most 60 a minute.
 * - rowsPerDay: distinct (release, directive, blocked, page, sample) rows a day may have. A broken
 *   release reports one or two rows per page of the site (under a hundred pages); 500 is five times
 *   that, and past it every new combination counts in the day's one overflow row, so made-up reports
 *   cannot grow the table or the console's list beyond 30 × 501 rows.
 * - daysKept: the console shows the last 30 days (UTC, today included); older days are deleted.
 * - sampleChars: the browser's own sample is at most 40 characters (CSP3, 'report-sample').
 */
export const CSP_REPORT_LIMITS = {
  maxBodyBytes: 64 * 1024,
  maxReportsPerBatch: 20,
  perClientAddressPerMinute: 60,
  rowsPerDay: 500,
  daysKept: 30,
  sampleChars: 40,
} as const;

/**
 * The day's overflow row: where reports past rowsPerDay are counted. Its directive is one no report is
 * counted under (CSP_DIRECTIVES and 'other' are), so the row is told apart by it alone.
 */
export const CSP_OVERFLOW_ROW = {
  release: 'overflow',
  directive: 'overflow',
  blocked: 'overflow',
  page: '/overflow',
  sample: '',
} as const;

/** The directives a violation is counted under; any other name counts as 'other'. */
export const CSP_DIRECTIVES: readonly string[] = [
  'base-uri',
  'child-src',
  'connect-src',
  'default-src',
  'fenced-frame-src',
  'font-src',
  'form-action',
  'frame-ancestors',
  'frame-src',
  'img-src',
  'manifest-src',
  'media-src',
  'navigate-to',
  'object-src',
  'prefetch-src',
  'require-trusted-types-for',
  'sandbox',
  'script-src',
  'script-src-attr',
  'script-src-elem',
  'style-src',
  'style-src-attr',
  'style-src-elem',
  'trusted-types',
  'upgrade-insecure-requests',
  'webrtc',
  'worker-src',
];
export const CSP_OTHER_DIRECTIVE = 'other';

/** The stored directive: a directive's name (lowercase letters and '-'). */
export const CSP_DIRECTIVE_PATTERN = /^[a-z][a-z-]{0,39}$/;

/**
 * The stored blocked source: a keyword or a scheme alone ('inline', 'eval', 'data', 'blob',
 * 'chrome-extension', 'unknown', 'other', …), or the origin of a blocked http(s) or ws(s) URL, never
 * its path or query (a URL may carry a token).
 */
export const CSP_BLOCKED_KEYWORD_PATTERN = /^[a-z][a-z0-9+.-]{0,39}$/;
export const CSP_BLOCKED_ORIGIN_PATTERN =
  /^(?=.{1,300}$)(https?|wss?):\/\/(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:[0-9]{1,5})?$/;
