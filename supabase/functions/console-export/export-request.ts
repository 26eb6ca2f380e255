import { isRecord } from '../_shared/http/body.ts';
import { ATTRIBUTION_FIELDS } from '../_shared/rules/attribution.ts';
import {
  APPLICATION_STATUSES,
  SIGNUP_FORMS,
  SOURCE_MAX_LENGTH,
  SOURCE_PATTERN,
  type SignupForm,
} from '../_shared/rules/console-lists.ts';

export { APPLICATION_STATUSES, SIGNUP_FORMS, type SignupForm };

// What the console asks console-export for: which list, and the same filters its list page has. Every
// key may come in the query string (GET) or in a JSON body (POST; the body wins); an empty value is no
// filter. Keys the export has no use for (sort, page) are ignored: an export is every matching row, in
// the order the rows were made.

export type ExportKind = SignupForm | 'applications';
export const EXPORT_KINDS: readonly ExportKind[] = [...SIGNUP_FORMS, 'applications'];

export interface ExportFilter {
  /** Case-insensitive part of the address (and of the names and company, on the waitlist). */
  search?: string;
  /** Made on or after this day (UTC, YYYY-MM-DD). */
  from?: string;
  /** Made on or before this day. */
  to?: string;
  /** Sign-up lists only. */
  confirmed?: boolean;
  /** The lists a launch wave invites (early access, the waitlist) only. */
  invited?: boolean;
  /** Applications only. */
  status?: string;
  /** Every list: the source label exactly ('direct', a utm_source or a referring host). */
  source?: string;
}

export interface ExportRequest {
  kind: ExportKind;
  filter: ExportFilter;
}

export const MAX_SEARCH_LENGTH = 200;

const FILTER_KEYS = [
  'kind',
  'search',
  'from',
  'to',
  'confirmed',
  'invited',
  'status',
  'source',
] as const;

export type ParsedExportRequest =
  { ok: true; request: ExportRequest } | { ok: false; error: string };

function isDay(value: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function flag(value: unknown): boolean | undefined | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return value === undefined ? undefined : null;
}

/**
 * The request's list and filters, from the query string and, for a POST, the JSON body already parsed
 * (`body`), or what is wrong with them.
 */
export function parseExportRequest(query: URLSearchParams, body: unknown): ParsedExportRequest {
  const raw: Partial<Record<(typeof FILTER_KEYS)[number], unknown>> = {};
  for (const key of FILTER_KEYS) {
    const value = isRecord(body) && key in body ? body[key] : (query.get(key) ?? undefined);
    // An empty field of the console's filter form is no filter.
    if (value !== undefined && value !== null && value !== '') raw[key] = value;
  }
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(EXPORT_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, error: `Name the list: kind=${EXPORT_KINDS.join('|')}.` };
  }
  const filter: ExportFilter = {};
  if (raw.search !== undefined) {
    if (typeof raw.search !== 'string' || raw.search.trim().length > MAX_SEARCH_LENGTH) {
      return { ok: false, error: `search is text of at most ${MAX_SEARCH_LENGTH} characters.` };
    }
    if (raw.search.trim() !== '') filter.search = raw.search.trim();
  }
  for (const key of ['from', 'to'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isDay(value)) {
      return { ok: false, error: `${key} is a day, YYYY-MM-DD.` };
    }
    filter[key] = value;
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    return { ok: false, error: 'from is after to.' };
  }
  const confirmed = flag(raw.confirmed);
  if (confirmed !== undefined) {
    if (confirmed === null) return { ok: false, error: 'confirmed is true or false.' };
    if (kind === 'applications') {
      return { ok: false, error: 'confirmed applies to the sign-up lists only.' };
    }
    filter.confirmed = confirmed;
  }
  const invited = flag(raw.invited);
  if (invited !== undefined) {
    if (invited === null) return { ok: false, error: 'invited is true or false.' };
    if (kind !== 'early_access' && kind !== 'waitlist') {
      return { ok: false, error: 'invited applies to early access and the waitlist only.' };
    }
    filter.invited = invited;
  }
  if (raw.status !== undefined) {
    if (kind !== 'applications')
      return { ok: false, error: 'status applies to applications only.' };
    if (
      typeof raw.status !== 'string' ||
      !(APPLICATION_STATUSES as readonly string[]).includes(raw.status)
    ) {
      return { ok: false, error: `status is one of ${APPLICATION_STATUSES.join(', ')}.` };
    }
    filter.status = raw.status;
  }
  if (raw.source !== undefined) {
    // Labels are stored lowercase; what the console's form sends is compared as such.
    const source = typeof raw.source === 'string' ? raw.source.trim().toLowerCase() : undefined;
    if (source === undefined || !SOURCE_PATTERN.test(source)) {
      return {
        ok: false,
        error: `source is a source label: 'direct', a campaign source or a referring host (at most ${SOURCE_MAX_LENGTH} characters).`,
      };
    }
    filter.source = source;
  }
  return { ok: true, request: { kind: kind as ExportKind, filter } };
}

/**
 * Where each row came from, last in every file: the source label the console groups by (the export RPC
 * adds it to each row) and the stored campaign tags, referring host and landing path.
 */
const ATTRIBUTION_COLUMNS = ['source', ...ATTRIBUTION_FIELDS] as const;

/**
 * A member's invitation by a launch wave, on the two lists a wave invites (the export RPC adds them to
 * each row; empty when not invited): when, which wave, the place then, where it stands, when joined.
 */
const INVITATION_COLUMNS = [
  'invited_at',
  'invite_wave',
  'invite_place',
  'invite_state',
  'joined_at',
] as const;

/**
 * The columns of each list's file, in order: the header row names them as the database does, and each
 * row's cells are the values of these keys in what the export RPC (console_export_rows) returns (a key a
 * row lacks is an empty cell). The résumé's storage path stays out: the console opens résumés itself, and logs each opening.
 */
export const EXPORT_COLUMNS: Readonly<Record<ExportKind, readonly string[]>> = {
  early_access: [
    'id',
    'email',
    'created_at',
    'confirmed_at',
    ...INVITATION_COLUMNS,
    ...ATTRIBUTION_COLUMNS,
  ],
  newsletter: ['id', 'email', 'created_at', 'confirmed_at', ...ATTRIBUTION_COLUMNS],
  waitlist: [
    'id',
    'email',
    'first_name',
    'last_name',
    'company',
    'role',
    'company_size',
    'use_case',
    'hear_about',
    'created_at',
    'confirmed_at',
    ...INVITATION_COLUMNS,
    ...ATTRIBUTION_COLUMNS,
  ],
  applications: [
    'id',
    'created_at',
    'status',
    'first_name',
    'last_name',
    'email',
    'phone',
    'location',
    'linkedin_url',
    'portfolio_url',
    'current_role',
    'current_company',
    'experience_years',
    'skills',
    'why_join',
    'availability',
    'work_preference',
    'salary_expectation',
    'cover_letter',
    'hear_about_us',
    'resume_filename',
    ...ATTRIBUTION_COLUMNS,
  ],
};
