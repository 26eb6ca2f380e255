import { signEs256 } from '../keys/jwt.ts';
import type { SigningKey } from '../keys/signing-key.ts';
import type { SessionRow } from './sessions.ts';
import { userJson, type UserRow } from './users.ts';

export interface TokenIssuer {
  signingKey: SigningKey;
  /** `<API URL>/auth/v1`, the iss claim. */
  issuer(): string;
  expirySeconds: number;
}

/**
 * An access token with Supabase Auth's claims, in its order: the user, the role the database runs the
 * request as, and the session (session_id, aal, amr) that /auth/v1/user and sign-out check.
 */
export async function accessToken(
  issuer: TokenIssuer,
  user: UserRow,
  session: SessionRow,
  now: Date,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + issuer.expirySeconds;
  const claims = {
    iss: issuer.issuer(),
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email,
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: Math.floor(session.created_at.getTime() / 1000) }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return { token: await signEs256(claims, issuer.signingKey), expiresAt: exp };
}

/** A sign-in's answer (Auth's AccessTokenResponse): what supabase-js keeps as the session. */
export async function sessionResponse(
  issuer: TokenIssuer,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  now: Date,
): Promise<Record<string, unknown>> {
  const { token, expiresAt } = await accessToken(issuer, user, session, now);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: issuer.expirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
