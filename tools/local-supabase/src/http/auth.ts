import type { IncomingHttpHeaders } from 'node:http';
import type { ApiRole, Caller } from '../db/database.ts';
import { verifyJwt, type JwtVerification } from '../keys/jwt.ts';

export type Authentication =
  | { ok: true; caller: Caller }
  | { ok: false; problem: 'missing' | 'invalid' | 'expired' | 'unknown-role'; message: string };

const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'] satisfies ApiRole[];

function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined || authorization === '') return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? authorization;
}

function failure(verification: Extract<JwtVerification, { ok: false }>): Authentication {
  switch (verification.reason) {
    case 'expired':
      return { ok: false, problem: 'expired', message: 'JWT expired' };
    case 'bad-signature':
      return { ok: false, problem: 'invalid', message: 'JWSError JWSInvalidSignature' };
    default:
      return {
        ok: false,
        problem: 'invalid',
        message: 'JWSError (CompactDecodeError Invalid JWT)',
      };
  }
}

/**
 * Who is calling, as Supabase's gateway and PostgREST decide it: every key presented (apikey header,
 * Authorization bearer) must be a JWT signed with the local secret, and the bearer token's role claim,
 * or the apikey's when there is no bearer, becomes the database role.
 */
export function authenticate(headers: IncomingHttpHeaders, jwtSecret: string): Authentication {
  const apikey =
    typeof headers.apikey === 'string' && headers.apikey !== '' ? headers.apikey : undefined;
  const bearer = bearerToken(headers);
  const effective = bearer ?? apikey;
  if (effective === undefined)
    return { ok: false, problem: 'missing', message: 'No API key found in request' };

  if (apikey !== undefined && apikey !== effective) {
    const verifiedApikey = verifyJwt(apikey, jwtSecret);
    if (!verifiedApikey.ok) return failure(verifiedApikey);
  }
  const verified = verifyJwt(effective, jwtSecret);
  if (!verified.ok) return failure(verified);

  const role = verified.claims.role;
  if (typeof role !== 'string' || !API_ROLES.includes(role)) {
    return {
      ok: false,
      problem: 'unknown-role',
      message: `The JWT role "${String(role)}" is not an API role`,
    };
  }
  return { ok: true, caller: { role: role as ApiRole, claims: verified.claims } };
}
