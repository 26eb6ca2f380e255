import type { Queryable } from '../db/database.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { AuthServices } from './auth-services.ts';
import { AuthFailure, authErrors } from './errors.ts';
import { decodeParams } from './request-params.ts';
import { sessionResponse } from './session-response.ts';
import {
  activeRefreshToken,
  deleteSessions,
  findRefreshTokenForUpdate,
  findSession,
  issueRefreshToken,
  revokeRefreshToken,
  touchSession,
  type RefreshTokenRow,
} from './sessions.ts';
import { findUserById } from './users.ts';

/** What Supabase Auth issues and accepts: 12 characters of lower-case letters and digits. */
const REFRESH_TOKEN_SHAPE = /^[a-z0-9]{12}$/;

type Exchange =
  | { ok: true; answer: Record<string, unknown> }
  /** Committed anyway: a token reused too late revokes its session's tokens, and that must stick. */
  | { ok: false; failure: AuthFailure };

/**
 * Refresh token rotation as Supabase Auth does it (internal/tokens/service.go): a token is used once and
 * replaced by its child. A used token is taken again only when it is the parent of the session's current
 * token (the client lost the answer) or within the reuse interval (two tabs refreshing at once); later,
 * it is a stolen copy or a bug. Auth then revokes the session's tokens, which leaves them usable again
 * for another reuse interval; here the session ends instead, so nothing of it can be refreshed.
 */
async function exchange(
  db: Queryable,
  services: AuthServices,
  presented: string,
  now: Date,
): Promise<Exchange> {
  const { settings, digest } = services;
  const row = await findRefreshTokenForUpdate(db, digest(presented));
  if (!row) return { ok: false, failure: authErrors.refreshTokenNotFound() };
  const session = row.session_id ? await findSession(db, row.session_id) : undefined;
  if (!session) {
    return {
      ok: false,
      failure: new AuthFailure(
        400,
        'session_not_found',
        'Invalid Refresh Token: No Valid Session Found',
      ),
    };
  }
  const user = await findUserById(db, session.user_id);
  if (!user) return { ok: false, failure: authErrors.refreshTokenNotFound() };

  let replaced: RefreshTokenRow = row;
  if (row.revoked) {
    const active = await activeRefreshToken(db, session.id);
    if (active && active.parent === row.token) {
      // The client never got its last answer: it is given a token that replaces the one it missed.
      replaced = active;
    } else if (
      now.getTime() >
      row.updated_at.getTime() + settings.refreshTokenReuseIntervalSeconds * 1000
    ) {
      if (settings.refreshTokenRotation) await deleteSessions(db, 'local', session);
      return { ok: false, failure: authErrors.refreshTokenAlreadyUsed() };
    }
  }
  if (!replaced.revoked) await revokeRefreshToken(db, replaced.id, now);
  const refreshToken = await issueRefreshToken(db, digest, session, replaced.token, now);
  await touchSession(db, session.id, now);
  return {
    ok: true,
    answer: await sessionResponse(services.tokens, user, session, refreshToken, now),
  };
}

/** POST /auth/v1/token?grant_type=refresh_token {refresh_token}: a new session for a refresh token. */
export async function handleRefresh(ctx: RequestContext, services: AuthServices): Promise<void> {
  const params = decodeParams(ctx.body.bytes, 'RefreshTokenGrantParams', {
    refresh_token: 'string',
  });
  const presented = params.refresh_token ?? '';
  if (!REFRESH_TOKEN_SHAPE.test(presented)) {
    throw authErrors.validation('Refresh token is not valid');
  }
  const now = services.now();
  const result = await services.database.transaction((db) =>
    exchange(db, services, presented, now),
  );
  if (!result.ok) throw result.failure;
  sendJson(ctx.res, 200, result.answer);
}
