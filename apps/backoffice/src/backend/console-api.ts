import type { PostgrestError } from '@supabase/supabase-js';
import { callFunction, FunctionError, type FunctionRequest } from '@agentora/data';
import {
  filterArguments,
  PAGE_SIZE,
  type ListQuery,
  type ListViewQuery,
} from '../lists/list-query';
import { getConsoleClient } from './console-client';
import type { ApplicationStatus } from '@agentora/data/console-lists';
import type {
  ApplicationDetail,
  AudienceMembership,
  AudienceOverview,
  ApplicationRow,
  DayCount,
  GrowthReport,
  CspViolationPage,
  MailDelivery,
  MailSuppressionPage,
  Page,
  ReferralRow,
  SignupRow,
  WaveAnswer,
  WaveDetail,
  WaveRow,
  Whoami,
} from './console-types';
import type { WaveList } from '@agentora/data/console-lists';

/** A database answer the console cannot use: staff only (42501), or another failure with its message. */
export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }

  get staffOnly(): boolean {
    return this.code === '42501';
  }
}

async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const client = await getConsoleClient();
  const { data, error } = (await client.rpc(name, args)) as {
    data: T;
    error: PostgrestError | null;
  };
  if (error) throw new ConsoleApiError(error.message, error.code);
  return data;
}

export function whoami(): Promise<Whoami> {
  return rpc<Whoami>('console_whoami', {});
}

function paging(query: ListViewQuery) {
  return {
    p_sort: query.sort,
    p_descending: query.descending,
    p_limit: PAGE_SIZE,
    p_offset: (query.page - 1) * PAGE_SIZE,
  };
}

/**
 * The page with each row's mail (console_mail_states). The states are an addition: when they cannot
 * be read (a backend without them yet, a failure), the rows are shown without them.
 */
async function withMail<Row extends { id: string; mail?: MailDelivery }>(
  list: string,
  page: Page<Row>,
): Promise<Page<Row>> {
  if (page.rows.length === 0) return page;
  let states: Record<string, MailDelivery>;
  try {
    states = await rpc<Record<string, MailDelivery>>('console_mail_states', {
      p_list: list,
      p_ids: page.rows.map((row) => row.id),
    });
  } catch {
    return page;
  }
  return { ...page, rows: page.rows.map((row) => ({ ...row, mail: states?.[row.id] })) };
}

/**
 * The page with whether Resend has each confirmed row (console_audience_states): an addition too, left
 * out when it cannot be read.
 */
async function withAudience(list: string, page: Page<SignupRow>): Promise<Page<SignupRow>> {
  if (page.rows.length === 0) return page;
  let states: Record<string, AudienceMembership>;
  try {
    states = await rpc<Record<string, AudienceMembership>>('console_audience_states', {
      p_list: list,
      p_ids: page.rows.map((row) => row.id),
    });
  } catch {
    return page;
  }
  return { ...page, rows: page.rows.map((row) => ({ ...row, audience: states?.[row.id] })) };
}

export async function listSignups(query: ListViewQuery): Promise<Page<SignupRow>> {
  const page = await rpc<Page<SignupRow>>('console_signups', {
    ...filterArguments(query),
    ...paging(query),
  });
  const [mailed, inResend] = await Promise.all([
    withMail(query.view, page),
    withAudience(query.view, page),
  ]);
  return {
    ...mailed,
    rows: mailed.rows.map((row, index) => ({ ...row, audience: inResend.rows[index].audience })),
  };
}

/** Each list's segment in Resend: contacts, changes waiting, failures (console_audience). */
export function audienceOverview(): Promise<AudienceOverview> {
  return rpc('console_audience', {});
}

export async function listApplications(query: ListViewQuery): Promise<Page<ApplicationRow>> {
  const page = await rpc<Page<ApplicationRow>>('console_applications', {
    ...filterArguments(query),
    ...paging(query),
  });
  return withMail('career', page);
}

/** A page of the mailboxes that bounced or complained, newest first, with the counts. */
export function listMailSuppressions(page: number): Promise<MailSuppressionPage> {
  return rpc('console_mail_suppressions', {
    p_limit: PAGE_SIZE,
    p_offset: (page - 1) * PAGE_SIZE,
  });
}

export function signupsPerDay(from: string, to: string): Promise<DayCount[]> {
  return rpc('console_signups_per_day', { p_from: from, p_to: to });
}

/** Visits and sign-ups per day and source, per source and per landing page (UTC days, both included). */
export function growth(from: string | null, to: string | null): Promise<GrowthReport> {
  return rpc('console_growth', { p_from: from, p_to: to });
}

/** A page of the referral codes with referred sign-ups in the range (null: unbounded). */
export function listReferrals(query: ListQuery): Promise<Page<ReferralRow>> {
  return rpc('console_referrals', {
    p_from: query.from || null,
    p_to: query.to || null,
    p_suspected: query.suspected,
    p_limit: PAGE_SIZE,
    p_offset: (query.page - 1) * PAGE_SIZE,
  });
}

/** A page of the CSP violations counted over the kept days (the last 30, UTC), most recent first. */
export function listCspViolations(page: number): Promise<CspViolationPage> {
  return rpc('console_csp_violations', {
    p_limit: PAGE_SIZE,
    p_offset: (page - 1) * PAGE_SIZE,
  });
}

/** Every field of one application; the database writes down that this member of staff read it. */
export function getApplication(id: string): Promise<ApplicationDetail | null> {
  return rpc('console_application', { p_id: id });
}

export function changeApplicationStatus(
  id: string,
  status: ApplicationStatus,
  note: string,
): Promise<ApplicationDetail> {
  return rpc('console_change_application_status', {
    p_id: id,
    p_status: status,
    p_note: note.trim() || null,
  });
}

/**
 * Calls a function with the staff session (its access token as the bearer): the function checks staff
 * itself. A refusal comes back as a ConsoleApiError with the function's words (a 403 as staff only).
 */
export async function callAsStaff(name: string, request: FunctionRequest): Promise<Response> {
  const client = await getConsoleClient();
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ConsoleApiError('Your session has ended. Sign in again.', undefined);
  try {
    return await callFunction(name, { ...request, token });
  } catch (error) {
    if (!(error instanceof FunctionError)) throw error;
    throw new ConsoleApiError(error.message, error.status === 403 ? '42501' : undefined);
  }
}

/**
 * An application's résumé as a file, from the function console-resume with the staff session: the
 * database checks staff and logs the opening at every download, and no link to the file exists that
 * could outlive this member's access (docs/security.md, "Résumés").
 */
export async function downloadResume(id: string): Promise<Blob> {
  const response = await callAsStaff('console-resume', { body: { id } });
  return response.blob();
}

/** What a wave invites: one rule (the next N, everyone up to place P, or rows), when, and a reminder. */
export type WaveRequest = {
  list: WaveList;
  /** null: now. */
  startsAt: string | null;
  /** Days after it starts; null for none. */
  remindAfterDays: number | null;
} & ({ count: number } | { upToPlace: number } | { ids: readonly string[] });

/**
 * console_invite_wave: a dry run, or the wave sent (or scheduled). `expect`, the plan of the dry run
 * staff looked at, holds a wave sent now to exactly that: if the line has moved since, it is refused
 * (PT409) and nothing is sent.
 */
export function inviteWave(
  request: WaveRequest,
  dryRun: boolean,
  expect: string | null = null,
): Promise<WaveAnswer> {
  return rpc('console_invite_wave', {
    p_list: request.list,
    p_count: 'count' in request ? request.count : null,
    p_up_to_place: 'upToPlace' in request ? request.upToPlace : null,
    p_ids: 'ids' in request ? request.ids : null,
    p_starts_at: request.startsAt,
    p_remind_after_days: request.remindAfterDays,
    p_dry_run: dryRun,
    p_expect: expect,
  });
}

/** A page of the waves, newest first, with each one's funnel. */
export function listWaves(page: number): Promise<Page<WaveRow>> {
  return rpc('console_waves', {
    p_list: null,
    p_limit: PAGE_SIZE,
    p_offset: (page - 1) * PAGE_SIZE,
  });
}

/** One wave, its funnel and its course over time. */
export function getWave(id: number): Promise<WaveDetail> {
  return rpc('console_wave', { p_wave: id });
}

/** Cancels a scheduled wave before it starts. */
export function cancelWave(id: number): Promise<WaveRow> {
  return rpc('console_cancel_wave', { p_wave: id });
}

/** Sets (or, with null, takes away) a wave's reminder, while it has not gone. */
export function setWaveReminder(id: number, afterDays: number | null): Promise<WaveRow> {
  return rpc('console_wave_reminder', { p_wave: id, p_after_days: afterDays });
}
