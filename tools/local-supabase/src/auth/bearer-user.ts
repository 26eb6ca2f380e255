import type { IncomingHttpHeaders } from 'node:http';
import { isNewApiKey } from '../http/auth.ts';
import type { JwtCheck } from '../keys/jwt.ts';
import type { AuthServices } from './auth-services.ts';
import { authErrors } from './errors.ts';
import { findSession, type SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Why the token was refused, in the words of the JWT library Supabase Auth uses (golang-jwt). */
function jwtProblem(check: Extract<JwtCheck, { ok: false }>): string {
  switch (check.reason) {
    case 'empty':
    case 'parts':
      return 'token is malformed: token contains an invalid number of segments';
    case 'undecodable':
      return 'token is malformed: could not JSON decode header';
    case 'alg-none':
      return 'token signature is invalid: signing method none is invalid';
    case 'no-key':
      return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${check.kid ?? '<nil>'} for algorithm ${check.alg}`;
    case 'bad-signature':
      return check.alg === 'ES256'
        ? 'token signature is invalid: crypto/ecdsa: verification error'
        : 'token signature is invalid: signature is invalid';
    case 'claim':
      if (check.problem === 'not-a-number') return `token is malformed: invalid type for claim`;
      return check.claim === 'nbf'
        ? 'token has invalid claims: token is not valid yet'
        : 'token has invalid claims: token is expired';
  }
}

export interface BearerUser {
  user: UserRow;
  /** Undefined for a token without a session (one minted with the legacy secret). */
  session: SessionRow | undefined;
  claims: Record<string, unknown>;
}

/**
 * Supabase Auth's requireAuthentication: a Bearer access token it trusts, whose user exists and, when
 * the token names a session, whose session still exists (it ends at sign-out, while the token itself
 * stays valid until it expires: only Auth notices).
 */
export async function bearerUser(
  headers: IncomingHttpHeaders,
  services: AuthServices,
): Promise<BearerUser> {
  const token = /^[Bb]earer (\S+)$/.exec(headers.authorization ?? '')?.[1];
  if (token === undefined) throw authErrors.noAuthorization();
  // The gateway turns an API key sent as the bearer into a token of its role, which names no user.
  if (isNewApiKey(token)) throw authErrors.badJwt('invalid claim: missing sub claim');
  const check = await services.jwt.verify(token, { checkIssuedAt: false });
  if (!check.ok) {
    throw authErrors.badJwt(
      `invalid JWT: unable to parse or verify signature, ${jwtProblem(check)}`,
    );
  }
  const { sub, session_id: sessionId } = check.claims;
  if (typeof sub !== 'string' || sub === '') {
    throw authErrors.badJwt('invalid claim: missing sub claim');
  }
  if (!UUID.test(sub)) throw authErrors.badJwt('invalid claim: sub claim must be a UUID', 400);
  return services.database.transaction(async (db) => {
    const user = await findUserById(db, sub);
    if (!user) throw authErrors.userNotFound();
    let session: SessionRow | undefined;
    if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== NIL_UUID) {
      if (!UUID.test(sessionId)) {
        throw authErrors.badJwt('invalid claim: session_id claim must be a UUID');
      }
      session = await findSession(db, sessionId);
      if (!session || session.user_id !== user.id) throw authErrors.sessionNotFound();
    }
    return { user, session, claims: check.claims };
  });
}
