import { createHash, randomBytes } from 'node:crypto';
import {
  asCaller,
  uniqueEmail,
  type ApiRole,
  type TestDatabase,
} from '@agentora/local-supabase/testing';
import type { LineList } from '../../functions/_shared/rules/places.ts';
import { isSignupTable, LIST_OF_TABLE, type SignUpAnswer } from './sign-ups.ts';

// What the growth tests share (supabase/schemas/places.sql, referrals.sql), below any HTTP layer: sign-ups of a
// line stored as the site stores them (public.sign_up, from a client address), confirmed at a moment the test
// chooses, and the places the database computes.

export type LineTable = 'early_access_signups' | 'waitlist_signups';

export const LINE_TABLES: Readonly<Record<LineList, LineTable>> = {
  early_access: 'early_access_signups',
  waitlist: 'waitlist_signups',
};

type Row = Record<string, unknown>;

/** The form's fields of a valid sign-up of the table, with `fields` on top. */
export function signupFields(table: string, fields: Row = {}): Row {
  const base: Row =
    table === 'waitlist_signups'
      ? {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: uniqueEmail('growth'),
          company: 'Engines',
        }
      : { email: uniqueEmail('growth') };
  return { ...base, ...fields };
}

/** Runs one statement as the role, from `address` (as the gateway passes it: cf-connecting-ip). */
export function asFrom(
  db: TestDatabase,
  role: ApiRole,
  address: string | undefined,
  sql: string,
  values: unknown[] = [],
): Promise<{ rows: Row[] }> {
  return asCaller(
    db.database,
    { role, claims: { role }, headers: address ? { 'cf-connecting-ip': address } : {} },
    (q) => q.query(sql, values),
  );
}

/** A stored sign-up's columns. */
export async function stored(db: TestDatabase, table: string, email: string): Promise<Row> {
  const { rows } = await db.asSuperuser(`select * from public.${table} where email = $1`, [email]);
  if (rows.length !== 1) throw new Error(`No row of ${table} for ${email}`);
  return rows[0];
}

/** What a refused sign-up would have raised as an insert: the SQLSTATE of public.sign_up's outcome. */
const OUTCOME_CODES: Readonly<Record<string, string>> = {
  rate_limited: 'PT429',
  duplicate: '23505',
  invalid: '23514',
};

/**
 * public.sign_up as the function sign-up calls it (the service role, the visitor's client address): the
 * form's fields (and `fields`, e.g. referred_by) stored with its limit, triggers and mail in one
 * transaction. Its answer: {outcome, email_sent}.
 */
export async function signUpAnswer(
  db: TestDatabase,
  table: string,
  row: Row,
  address: string | null = '198.51.100.1',
): Promise<SignUpAnswer> {
  if (!isSignupTable(table)) throw new Error(`${table} is not a list's table`);
  const { rows } = await db.as(
    'service_role',
    'select public.sign_up($1, $2::jsonb, $3) as answer',
    [LIST_OF_TABLE[table], JSON.stringify(row), address],
  );
  return rows[0]!.answer as SignUpAnswer;
}

/**
 * Signs up as the site does: the sign-up function's public.sign_up (service role) with the form's fields
 * (and `fields`, e.g. referred_by) and the visitor's client address. Returns the stored row; a refusal
 * throws an error whose code is the SQLSTATE the insert would have raised.
 */
export async function signUp(
  db: TestDatabase,
  table: string,
  fields: Row = {},
  address = '198.51.100.1',
): Promise<Row> {
  const row = signupFields(table, fields);
  const { outcome } = await signUpAnswer(db, table, row, address);
  if (outcome !== 'stored')
    throw Object.assign(new Error(`The sign-up was refused: ${outcome}`), {
      code: OUTCOME_CODES[outcome] ?? outcome,
    });
  return stored(db, table, row.email as string);
}

/** Marks a sign-up confirmed at `at` (an SQL expression), as its confirmation link would at that moment. */
export async function confirmAt(db: TestDatabase, table: string, id: unknown, at: string) {
  await db.asSuperuser(`update public.${table} set confirmed_at = ${at} where id = $1`, [id]);
}

/** Every member's place and credit, by id (private.line_places). */
export async function linePlaces(
  db: TestDatabase,
  list: LineList,
): Promise<Map<string, { place: number; credited: number }>> {
  const { rows } = await db.asSuperuser('select * from private.line_places($1)', [list]);
  return new Map(
    rows.map((row) => [
      row.id as string,
      { place: Number(row.place), credited: Number(row.credited) },
    ]),
  );
}

/** A link token and the hash the database keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

/** Stores a confirm token (7 days) for a sign-up, as the thank-you mail's claim does; its hash. */
export async function confirmToken(db: TestDatabase, list: string, id: unknown): Promise<string> {
  const { hash } = newToken();
  const column = {
    early_access: 'early_access_id',
    newsletter: 'newsletter_id',
    waitlist: 'waitlist_id',
  }[list];
  if (!column) throw new Error(`Not a list: ${list}`);
  await db.asSuperuser(
    `insert into public.email_tokens (token_hash, purpose, ${column}, expires_at)
     values ($1, 'confirm', $2, now() + interval '7 days')`,
    [hash, id],
  );
  return hash;
}
