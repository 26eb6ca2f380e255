import { randomBytes } from 'node:crypto';
import {
  asCaller,
  uniqueEmail,
  type ApiRole,
  type TestDatabase,
  type TestServer,
} from '@agentora/local-supabase/testing';
import type { LineList } from '../../functions/_shared/rules/places.ts';
import { LINE_TABLES } from './growth.ts';
import { namedCall } from './named-call.ts';
import { fixtureAuthEmail, insertSignedInStaff, sessionClaims } from './staff-auth.ts';

// What the launch waves' tests share (supabase/schemas/launch-waves.sql, invitations.sql), below the HTTP
// layer: members written as the superuser with the row triggers off (as a bulk load is, so no thank-you
// mail is queued and each referral's hold is the one given; the kept line's statement triggers still
// run), staff with a live session, and the console's functions called as PostgREST calls them.

type Row = Record<string, unknown>;

/** A member to store: when it signed up and confirmed (null: unconfirmed), and whose referral it is. */
export interface MemberSpec {
  createdAt: Date;
  confirmedAt: Date | null;
  /** The referral code of the member who referred it. */
  referredBy?: string;
  /** The referral's hold ('self', 'address_cap', 'code_cap', 'disposable'): it then credits nobody. */
  hold?: string;
  email?: string;
}

export interface StoredMember {
  id: string;
  email: string;
  code: string;
}

const hexCode = () => randomBytes(8).toString('hex');

/** Stores the members on the list in one statement, in order; their ids, addresses and codes. */
export async function storeMembers(
  db: TestDatabase,
  list: LineList,
  specs: readonly MemberSpec[],
): Promise<StoredMember[]> {
  const table = LINE_TABLES[list];
  const members = specs.map((spec) => ({
    email: spec.email ?? `wave-${randomBytes(6).toString('hex')}@example.com`,
    code: hexCode(),
    created_at: spec.createdAt.toISOString(),
    confirmed_at: spec.confirmedAt?.toISOString() ?? null,
    referred_by: spec.referredBy ?? null,
    referral_hold: spec.hold ?? null,
  }));
  const waitlistFields = list === 'waitlist' ? `'Ada', 'Lovelace', 'Engines', ` : '';
  const waitlistColumns = list === 'waitlist' ? 'first_name, last_name, company, ' : '';
  const { rows } = await db.database.transaction(async (q) => {
    await q.query('set local session_replication_role = replica');
    return q.query(
      `insert into public.${table}
         (${waitlistColumns}email, referral_code, created_at, confirmed_at, referred_by, referral_hold)
       select ${waitlistFields}m.email, m.code, m.created_at, m.confirmed_at, m.referred_by, m.referral_hold
         from jsonb_to_recordset($1::jsonb) as m(email text, code text, created_at timestamptz,
                                                 confirmed_at timestamptz, referred_by text,
                                                 referral_hold text)
       returning id, email, referral_code`,
      [JSON.stringify(members)],
    );
  });
  const byEmail = new Map(rows.map((row) => [row.email as string, row]));
  return members.map((member) => {
    const row = byEmail.get(member.email) as Row;
    return { id: row.id as string, email: member.email, code: row.referral_code as string };
  });
}

/**
 * A line of `count` confirmed members, one a minute from `start`, in which every 7th member from the
 * 20th (and a few more) is a confirmed referral of a member 15 ahead of it: referrers move up, some past
 * others with credit, as the place rule has it. Answers the members in the order they signed up.
 */
export async function storeLineWithReferrals(
  db: TestDatabase,
  list: LineList,
  count: number,
  start = new Date('2026-01-01T00:00:00Z'),
): Promise<StoredMember[]> {
  const minute = 60_000;
  const referrers = await storeMembers(
    db,
    list,
    Array.from({ length: count }, (_, n) => ({
      createdAt: new Date(start.getTime() + n * minute),
      confirmedAt: new Date(start.getTime() + n * minute + 1000),
    })),
  );
  // The referrals come after their referrers (made and confirmed later), so each credits its referrer.
  const later = new Date(start.getTime() + (count + 1) * minute);
  const referred: MemberSpec[] = [];
  for (let n = 20; n < count; n += 7) {
    referred.push({
      createdAt: new Date(later.getTime() + n * 1000),
      confirmedAt: new Date(later.getTime() + n * 1000 + 500),
      referredBy: referrers[n - 15].code,
    });
  }
  // One member with many friends, who moves a long way.
  for (let k = 0; k < 6; k += 1) {
    referred.push({
      createdAt: new Date(later.getTime() + (count + k) * 1000),
      confirmedAt: new Date(later.getTime() + (count + k) * 1000 + 500),
      referredBy: referrers[count - 2].code,
    });
  }
  return [...referrers, ...(await storeMembers(db, list, referred))];
}

/** Every confirmed member's id in place order, as public.signup_place gives each its place. */
export async function idsByPlace(db: TestDatabase, list: LineList): Promise<string[]> {
  const { rows } = await db.asSuperuser(
    `select s.id, (public.signup_place($1, s.id) ->> 'position')::bigint as place
       from public.${LINE_TABLES[list]} s
      where s.confirmed_at is not null
      order by 2`,
    [list],
  );
  return rows.map((row) => row.id as string);
}

export interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
}

export interface CallResult<T = unknown> {
  data: T;
  error: { code: string; message: string } | null;
}

/** Calls public.<fn> with named arguments as the caller; its answer, or the error's code and message. */
export async function call<T = Row>(
  db: TestDatabase,
  caller: Caller,
  fn: string,
  args: Record<string, unknown>,
): Promise<CallResult<T>> {
  const { sql, values } = namedCall(fn, args);
  try {
    const { rows } = await asCaller(db.database, caller, (q) => q.query(sql, values));
    return { data: rows[0].r as T, error: null };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { data: null as T, error: { code, message } };
  }
}

/** A staff member with a live session, numbered so that a test file can have several. */
export async function staffMember(db: TestDatabase, n: number, email: string): Promise<Caller> {
  const claims = sessionClaims(fixtureAuthEmail(n));
  await insertSignedInStaff((sql, values) => db.asSuperuser(sql, values), email, claims);
  return { role: 'authenticated', claims };
}

/** console_invite_wave's arguments: none of the rule's given, nothing scheduled, a dry run. */
export const waveArgs = (args: Record<string, unknown>) => ({
  p_list: 'early_access',
  p_count: null,
  p_up_to_place: null,
  p_ids: null,
  p_starts_at: null,
  p_remind_after_days: null,
  p_dry_run: true,
  p_expect: null,
  ...args,
});

/** What a wave's decision answers. */
export interface WaveAnswer {
  wave: number | null;
  status: string | null;
  invited: number;
  first_place: number | null;
  last_place: number | null;
  skipped: Record<string, number>;
  plan: string;
  [key: string]: unknown;
}

/** The sign-ups invited, by wave, in place order. */
export async function invitedIds(db: TestDatabase, wave?: number): Promise<string[]> {
  const { rows } = await db.asSuperuser(
    `select coalesce(early_access_id, waitlist_id) as id from public.invitations
      where $1::bigint is null or wave_id = $1 order by wave_id, place`,
    [wave ?? null],
  );
  return rows.map((row) => row.id as string);
}

/** How many rows a table holds: to show that a refused call changed nothing. */
export async function counts(db: TestDatabase): Promise<Record<string, number>> {
  const { rows } = await db.asSuperuser(
    `select (select count(*) from public.launch_waves)::integer as waves,
            (select count(*) from public.invitations)::integer as invitations,
            (select count(*) from public.mail_queue where kind in ('invite', 'invite_reminder'))::integer as mails,
            (select count(*) from public.staff_audit_log where action in ('invite_wave', 'cancel_wave'))::integer as lines`,
  );
  return rows[0] as Record<string, number>;
}

/**
 * A member of a line stored with the secret key, as the sign-up function stores one and its link
 * confirms it (confirmed unless told otherwise); the thank-you mail its insert queued is taken out, as
 * if it went long ago, so that the outbox holds only what a test sends.
 */
export async function storeLineMember(
  t: TestServer,
  list: LineList,
  options: { email?: string; confirmed?: boolean; createdAt?: Date } = {},
): Promise<{ id: string; email: string }> {
  const createdAt = options.createdAt ?? new Date();
  const { data, error } = await t.service
    .from(LINE_TABLES[list])
    .insert({
      ...(list === 'waitlist'
        ? { first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' }
        : {}),
      email: options.email ?? uniqueEmail('invitee'),
      created_at: createdAt.toISOString(),
      confirmed_at:
        options.confirmed === false ? null : new Date(createdAt.getTime() + 1000).toISOString(),
    })
    .select('id, email')
    .single();
  if (error) throw new Error(`Storing the member failed: ${error.message}`);
  await t.service.from('mail_queue').delete().eq('kind', 'thank_you').eq(`${list}_id`, data.id);
  return { id: data.id as string, email: data.email as string };
}
