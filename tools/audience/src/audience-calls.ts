import type { SupabaseClient } from '@supabase/supabase-js';

// The team's side of the lists' audience (supabase/schemas/audience-backfill.sql, audience-views.sql),
// through the Data API with the service role: the only role that may call these.

export class AudienceError extends Error {
  override name = 'AudienceError';
}

/** What the sync still has to do (public.audience_pending). */
export interface Pending {
  queued: number;
  due: number;
  sending: number;
  dead: number;
  scanning: boolean;
}

export interface ListSummary {
  list: string;
  segment_id: string | null;
  contacts: number;
  waiting: number;
  failed: number;
}

export interface DeadLetter {
  lists: string[];
  attempts: number;
  last_error: string | null;
  dead_at: string;
}

function failure(doing: string, error: { message: string; code?: string }): AudienceError {
  const reason =
    error.code === '42501'
      ? 'the key is not a secret (service role) key'
      : /fetch failed/i.test(error.message)
        ? 'the API could not be reached'
        : error.message || 'no reason given';
  return new AudienceError(`${doing} failed: ${reason}.`);
}

async function rpc<T>(client: SupabaseClient, fn: string, args: object, doing: string): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw failure(doing, error);
  return data as T;
}

/** Queues the confirmed members not yet in Resend (of one list, or all): how many addresses. */
export function backfill(client: SupabaseClient, list: string | undefined): Promise<number> {
  return rpc(client, 'audience_backfill', { p_list: list ?? null }, 'Queueing the backfill');
}

export function pending(client: SupabaseClient): Promise<Pending> {
  return rpc(client, 'audience_pending', {}, 'Reading what waits');
}

export async function summary(client: SupabaseClient): Promise<ListSummary[]> {
  const { data, error } = await client.from('audience_summary').select('*').order('list');
  if (error) throw failure('Reading the lists', error);
  return data as ListSummary[];
}

export async function deadLetters(client: SupabaseClient): Promise<DeadLetter[]> {
  const { data, error } = await client
    .from('audience_dead_letters')
    .select('lists, attempts, last_error, dead_at')
    .order('dead_at', { ascending: false })
    .limit(20);
  if (error) throw failure('Reading the failures', error);
  return data as DeadLetter[];
}

/** Tries every dead change again: how many. */
export function requeue(client: SupabaseClient): Promise<number> {
  return rpc(client, 'requeue_dead_audience', { p_address_sha256: null }, 'Requeueing');
}

/** One line of what waits, for a person following the backfill. */
export function pendingLine(now: Pending): string {
  return `${now.queued + now.sending} waiting (${now.due} due), ${now.dead} failed${
    now.scanning ? ', looking at what Resend already holds' : ''
  }`;
}

/** The status as a table: one line per list, then the newest failures with their reasons. */
export function statusText(lists: ListSummary[], now: Pending, dead: DeadLetter[]): string {
  const lines = [
    'list          segment                               contacts  waiting  failed',
    ...lists.map(
      (list) =>
        `${list.list.padEnd(14)}${(list.segment_id ?? '(not found or made yet)').padEnd(38)}${String(
          list.contacts,
        ).padStart(8)}${String(list.waiting).padStart(9)}${String(list.failed).padStart(8)}`,
    ),
    '',
    pendingLine(now),
  ];
  if (dead.length > 0) {
    lines.push('', 'Failed (newest first):');
    for (const letter of dead) {
      lines.push(
        `  ${letter.dead_at}  ${letter.lists.join(', ') || '-'}  ${letter.last_error ?? ''}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
