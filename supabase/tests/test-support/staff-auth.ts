import { randomUUID } from 'node:crypto';

// For fixtures that write a staff member's Auth user and session themselves, below the HTTP layer: a
// staff row's Auth address has the shape supabase/schemas/staff.sql gives public.staff.auth_email, and the session's email claim and its user's address are that, not the staff
// address. private.staff_caller asks for a live session, so the user and the session are written too,
// as the local Auth makes them (tools/local-supabase/src/auth/users.ts, sessions.ts).

/** An Auth address of that shape, numbered, to insert with the staff row. */
export const fixtureAuthEmail = (n: number): string =>
  `console-${n.toString(16).padStart(32, '0')}@staff.invalid`;

/** The claims PostgREST hands SQL for a session of Auth signed in with a code. */
export type SessionClaims = {
  role: 'authenticated';
  aud: 'authenticated';
  sub: string;
  email: string;
  amr: { method: 'otp'; timestamp: number }[];
  session_id: string;
  is_anonymous: false;
};

/** A session's claims for the address, with new user and session ids (`ids` to name them). */
export function sessionClaims(
  email: string,
  ids: { sub?: string; session_id?: string } = {},
): SessionClaims {
  return {
    role: 'authenticated',
    aud: 'authenticated',
    sub: ids.sub ?? randomUUID(),
    email,
    amr: [{ method: 'otp', timestamp: 0 }],
    session_id: ids.session_id ?? randomUUID(),
    is_anonymous: false,
  };
}

type Superuser = (sql: string, values?: unknown[]) => PromiseLike<unknown>;

/** Writes the Auth user and the live session the claims stand for. */
export async function insertLiveSession(asSuperuser: Superuser, claims: SessionClaims) {
  await asSuperuser(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(),
             '{"provider": "email", "providers": ["email"]}', '{}', now(), now(), false, false)`,
    [claims.sub, claims.email],
  );
  await asSuperuser(
    `insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, now(), now())`,
    [claims.session_id, claims.sub],
  );
}

/** A staff member as the console's SQL sees one: the staff row of `email` and its live session. */
export async function insertSignedInStaff(
  asSuperuser: Superuser,
  email: string,
  claims: SessionClaims,
): Promise<void> {
  await asSuperuser('insert into public.staff (email, auth_email) values ($1, $2)', [
    email,
    claims.email,
  ]);
  await insertLiveSession(asSuperuser, claims);
}
