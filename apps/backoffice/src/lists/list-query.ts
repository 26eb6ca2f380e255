import {
  APPLICATION_STATUSES,
  SIGNUP_FORMS,
  SOURCE_MAX_LENGTH,
  SOURCE_PATTERN,
  type ApplicationStatus,
  type SignupForm,
} from '@agentora/data/console-lists';

/** The console's views; each is an address (`?view=`), so a list, its filters and page can be shared. */
export const VIEWS = [
  'overview',
  ...SIGNUP_FORMS,
  'applications',
  'sources',
  'referrals',
  'csp',
  'mail',
  'waves',
  'audience',
] as const;
export type View = (typeof VIEWS)[number];

/** The views that list sign-ups or applications (and export them). */
export type ListView = SignupForm | 'applications';

export const isListView = (view: View): view is ListView =>
  view === 'applications' || (SIGNUP_FORMS as readonly string[]).includes(view);

export const PAGE_SIZE = 50;

export type YesNo = 'yes' | 'no';

/** What a list shows: its filters, sort and page, all read from and written to the address. */
export interface ListQuery {
  view: View;
  search: string;
  /** Days, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  confirmed: YesNo | '';
  invited: YesNo | '';
  status: ApplicationStatus | '';
  /** A source label, exactly ('direct', a utm_source or a referring host); '' for any. */
  source: string;
  /** The referrals view: only the codes flagged as suspected farming. */
  suspected: boolean;
  sort: 'created_at' | 'email' | 'last_name';
  descending: boolean;
  /** 1-based. */
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_SEARCH = 200;

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const validDay = (value: string | null) =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';

/** A source as typed: labels are lowercase; anything that cannot be one is no filter. */
export function sourceLabel(value: string | null): string {
  const label = (value ?? '').trim().toLowerCase();
  return label.length <= SOURCE_MAX_LENGTH && SOURCE_PATTERN.test(label) ? label : '';
}

/** Reads a query string; anything unknown or malformed falls back to the default, never throws. */
export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const view = oneOf(params.get('view'), VIEWS, 'overview');
  const page = Number(params.get('page'));
  const sorts =
    view === 'applications'
      ? (['created_at', 'email', 'last_name'] as const)
      : (['created_at', 'email'] as const);
  return {
    view,
    search: (params.get('q') ?? '').slice(0, MAX_SEARCH),
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
    confirmed: oneOf(params.get('confirmed'), ['yes', 'no', ''] as const, ''),
    invited: oneOf(params.get('invited'), ['yes', 'no', ''] as const, ''),
    status: oneOf(params.get('status'), [...APPLICATION_STATUSES, ''] as const, ''),
    source: sourceLabel(params.get('source')),
    suspected: params.get('suspected') === 'yes',
    sort: oneOf(params.get('sort'), sorts, 'created_at'),
    descending: params.get('order') !== 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a list: only what differs from the defaults. */
export function writeListQuery(query: ListQuery): string {
  const params = new URLSearchParams();
  params.set('view', query.view);
  if (query.search) params.set('q', query.search);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.confirmed) params.set('confirmed', query.confirmed);
  if (query.invited) params.set('invited', query.invited);
  if (query.status) params.set('status', query.status);
  if (query.source) params.set('source', query.source);
  if (query.suspected) params.set('suspected', 'yes');
  if (query.sort !== 'created_at') params.set('sort', query.sort);
  if (!query.descending) params.set('order', 'asc');
  if (query.page > 1) params.set('page', String(query.page));
  return `?${params.toString()}`;
}

/** A list's query: a view of sign-ups or applications. */
export type ListViewQuery = ListQuery & { view: ListView };

export const isListQuery = (query: ListQuery): query is ListViewQuery => isListView(query.view);

/** The filters a database function takes for this list (null: not filtered). */
export function filterArguments(query: ListViewQuery) {
  const yesNo = (value: YesNo | '') => (value === '' ? null : value === 'yes');
  return {
    p_search: query.search.trim() || null,
    p_from: query.from || null,
    p_to: query.to || null,
    p_source: query.source || null,
    ...(query.view === 'applications'
      ? { p_status: query.status || null }
      : {
          p_form: query.view,
          p_confirmed: yesNo(query.confirmed),
          p_invited: query.view === 'newsletter' ? null : yesNo(query.invited),
        }),
  };
}
