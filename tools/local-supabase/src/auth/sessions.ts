import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { generateRefreshToken } from './secrets.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
}

export interface RefreshTokenRow {
  id: string;
  /** The token's digest: the token itself is never stored. */
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/** What RefreshTokenRow holds, as its queries select it. */
const REFRESH_TOKEN_COLUMNS = 'id, token, user_id, revoked, updated_at, parent, session_id';

/** Where and with what a session was started (auth.sessions keeps both, as hosted Supabase does). */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export async function createSession(
  db: Queryable,
  userId: string,
  client: Client,
  now: Date,
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, user_agent, ip)
     values ($1, $2, $3, $3, $4, $5::inet)
     returning id, user_id, created_at`,
    [randomUUID(), userId, now, client.userAgent ?? null, client.ip || null],
  );
  return rows[0];
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    'select id, user_id, created_at from auth.sessions where id = $1',
    [id],
  );
  return rows[0];
}

/** A new refresh token for the session (the child of `parent`, a digest, when it replaces one). */
export async function issueRefreshToken(
  db: Queryable,
  digest: (secret: string) => string,
  session: { id: string; user_id: string },
  parent: string | null,
  now: Date,
): Promise<string> {
  const token = generateRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
       parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $3, $4, $5)`,
    [digest(token), session.user_id, now, parent, session.id],
  );
  return token;
}

export async function findRefreshTokenForUpdate(
  db: Queryable,
  tokenDigest: string,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select ${REFRESH_TOKEN_COLUMNS} from auth.refresh_tokens where token = $1 for update`,
    [tokenDigest],
  );
  return rows[0];
}

/** The session's newest token still in use, if any. */
export async function activeRefreshToken(
  db: Queryable,
  sessionId: string,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select ${REFRESH_TOKEN_COLUMNS} from auth.refresh_tokens
     where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

export async function revokeRefreshToken(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [
    id,
    now,
  ]);
}

export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query(
    `update auth.sessions set refreshed_at = $2::timestamptz at time zone 'UTC', updated_at = $2
     where id = $1`,
    [sessionId, now],
  );
}

/** Sign-out: the sessions end, and their refresh tokens with them (foreign key, on delete cascade). */
export async function deleteSessions(
  db: Queryable,
  scope: 'global' | 'local' | 'others',
  session: { id: string; user_id: string },
): Promise<void> {
  if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [session.id]);
  } else {
    await db.query(
      `delete from auth.sessions where user_id = $1 ${scope === 'others' ? 'and id <> $2' : ''}`,
      scope === 'others' ? [session.user_id, session.id] : [session.user_id],
    );
  }
}
