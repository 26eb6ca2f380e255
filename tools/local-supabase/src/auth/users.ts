import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { authErrors } from './errors.ts';

/** A row of auth.users, the columns this server reads. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  is_anonymous: boolean;
}

export const USER_COLUMNS = `id, aud, role, email, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  phone, is_anonymous`;

/**
 * The two codes Supabase Auth keeps per user: a sign-up confirmation (a new address) and a recovery,
 * which a magic link or a sign-in code for a known address uses. Each column holds only a digest.
 */
export type CodeKind = 'confirmation' | 'recovery';
export const CODE_COLUMNS: Readonly<Record<CodeKind, { token: string; sentAt: string }>> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
};

export async function findUserByEmail(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where lower(email) = $1 and is_sso_user = false ${forUpdate ? 'for update' : ''}`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
    id,
  ]);
  return rows[0];
}

/**
 * A new user as an email sign-up creates one: no password, `data` as user metadata, the email identity's
 * data alongside. Undefined when another request created the address first.
 */
async function insertUser(
  db: Queryable,
  email: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, is_sso_user, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', $1::text,
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       $2::jsonb || jsonb_build_object('sub', id::text, 'email', $1::text, 'email_verified', false,
         'phone_verified', false),
       $3, $3, false, false
     from (select gen_random_uuid() as id) as new_user
     on conflict (email) where is_sso_user = false do nothing
     returning ${USER_COLUMNS}`,
    [email, JSON.stringify(data), now],
  );
  return rows[0];
}

/**
 * The user for an address found unknown: a new one, or (`created` false) the one another request made
 * first, locked as findUserByEmail(..., true) locks it.
 */
export async function createUser(
  db: Queryable,
  email: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  const inserted = await insertUser(db, email, data, now);
  if (inserted) return { user: inserted, created: true };
  const existing = await findUserByEmail(db, email, true);
  if (!existing) throw authErrors.internal('Database error saving new user');
  return { user: existing, created: false };
}

/** Puts a new code's digest in the column for its kind, replacing the previous one, sent `now`. */
export async function storeCode(
  db: Queryable,
  userId: string,
  kind: CodeKind,
  digest: string,
  now: Date,
): Promise<UserRow> {
  const columns = CODE_COLUMNS[kind];
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${columns.token} = $2, ${columns.sentAt} = $3, updated_at = $3
     where id = $1 returning ${USER_COLUMNS}`,
    [userId, digest, now],
  );
  return rows[0];
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/** A UUID made from `seed`, the same every time: ids of records this server does not store. */
function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The user as Supabase Auth answers it (its models.User JSON), unset times left out as it does. */
export function userJson(user: UserRow): Record<string, unknown> {
  const metadata = user.raw_user_meta_data ?? {};
  const identity = {
    identity_id: derivedUuid(`email-identity:${user.id}`),
    id: user.id,
    user_id: user.id,
    identity_data: {
      email: user.email,
      email_verified: metadata.email_verified === true,
      phone_verified: false,
      sub: user.id,
    },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at ?? user.created_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    email: user.email,
  };
  const json = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: metadata,
    identities: [identity],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}
