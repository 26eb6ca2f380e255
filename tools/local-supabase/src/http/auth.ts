import type { IncomingHttpHeaders } from 'node:http';
import type { ApiRole, Caller } from '../db/database.ts';
import { verifyJwt, type JwtVerification } from '../keys/jwt.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../keys/local-keys.ts';

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

/** The new API keys this server issues and the role each acts as (as `supabase start` maps them). */
const API_KEYS: ReadonlyMap<string, ApiRole> = new Map([
  [LOCAL_PUBLISHABLE_KEY, 'anon'],
  [LOCAL_SECRET_KEY, 'service_role'],
]);

const isNewApiKey = (key: string) =>
  key.startsWith('sb_publishable_') || key.startsWith('sb_secret_');

// Hosted Supabase refuses a secret key sent by a browser, which it tells by the User-Agent.
const BROWSER_USER_AGENT = /^Mozilla\//;

/**
 * A publishable or secret key in the apikey header: it names the role, unless a user's JWT comes with it
 * as the bearer. As on hosted Supabase, the bearer may repeat the key itself (supabase-js sends it so for
 * REST and storage) but may not carry a different key.
 */
function authenticateApiKey(
  headers: IncomingHttpHeaders,
  apikey: string,
  bearer: string | undefined,
  jwtSecret: string,
): Authentication {
  const role = API_KEYS.get(apikey);
  if (role === undefined) return { ok: false, problem: 'invalid', message: 'Invalid API key' };
  if (role === 'service_role' && BROWSER_USER_AGENT.test(headers['user-agent'] ?? '')) {
    return {
      ok: false,
      problem: 'invalid',
      message: 'Forbidden use of secret API key in browser',
    };
  }
  if (bearer === undefined || bearer === apikey)
    return { ok: true, caller: { role, claims: { role } } };
  if (isNewApiKey(bearer)) return { ok: false, problem: 'invalid', message: 'Invalid API key' };
  return authenticateJwt(bearer, jwtSecret);
}

function authenticateJwt(token: string, jwtSecret: string): Authentication {
  const verified = verifyJwt(token, jwtSecret);
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

/**
 * Who is calling, as Supabase's gateway and PostgREST decide it. With a publishable or secret key in the
 * apikey header, the key names the role (authenticateApiKey). With the legacy keys, every key presented
 * (apikey header, Authorization bearer) must be a JWT signed with the local secret, and the bearer
 * token's role claim, or the apikey's when there is no bearer, becomes the database role.
 */
export function authenticate(headers: IncomingHttpHeaders, jwtSecret: string): Authentication {
  const apikey =
    typeof headers.apikey === 'string' && headers.apikey !== '' ? headers.apikey : undefined;
  const bearer = bearerToken(headers);
  if (apikey !== undefined && isNewApiKey(apikey)) {
    return authenticateApiKey(headers, apikey, bearer, jwtSecret);
  }
  if (bearer !== undefined && isNewApiKey(bearer)) {
    return { ok: false, problem: 'invalid', message: 'Invalid API key' };
  }
  const effective = bearer ?? apikey;
  if (effective === undefined)
    return { ok: false, problem: 'missing', message: 'No API key found in request' };

  if (apikey !== undefined && apikey !== effective) {
    const verifiedApikey = verifyJwt(apikey, jwtSecret);
    if (!verifiedApikey.ok) return failure(verifiedApikey);
  }
  return authenticateJwt(effective, jwtSecret);
}
