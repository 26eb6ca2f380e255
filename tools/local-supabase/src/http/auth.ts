import type { IncomingHttpHeaders } from 'node:http';
import type { ApiRole, Caller } from '../db/database.ts';
import type { JwtCheck, JwtVerifier } from '../keys/jwt.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../keys/local-keys.ts';

export type Authentication =
  | { ok: true; caller: Caller }
  | {
      ok: false;
      problem: 'missing' | 'invalid' | 'expired' | 'unknown-role';
      message: string;
      /** PostgREST's code for a refused JWT: PGRST301 (not decoded or verified), PGRST303 (claims). */
      code?: 'PGRST301' | 'PGRST303';
      details?: string | null;
    };

const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'] satisfies ApiRole[];

/** PostgREST's clock skew allowance on exp, nbf and iat. */
const POSTGREST_LEEWAY_SECONDS = 30;

function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined || authorization === '') return undefined;
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(authorization);
  return match ? (match[1] ?? '') : authorization;
}

type Refusal = Extract<Authentication, { ok: false }>;
const decodeError = (message: string, details: string | null = null): Refusal => ({
  ok: false,
  problem: 'invalid',
  code: 'PGRST301',
  message,
  details,
});

/** A refused token, in the words of PostgREST 13 and later (its JWT errors, PGRST301 and PGRST303). */
function failure(check: Extract<JwtCheck, { ok: false }>): Refusal {
  switch (check.reason) {
    case 'empty':
      return decodeError('Empty JWT is sent in Authorization header');
    case 'parts':
      return decodeError(`Expected 3 parts in JWT; got ${check.count}`);
    case 'undecodable':
      return decodeError('JWT cryptographic operation failed');
    case 'alg-none':
      return decodeError(
        'Wrong or unsupported encoding algorithm',
        "JWT is unsecured but expected 'alg' was not 'none'",
      );
    case 'no-key':
      return decodeError(
        'No suitable key or wrong key type',
        'No suitable key was found to decode the JWT',
      );
    case 'bad-signature':
      return decodeError(
        'No suitable key or wrong key type',
        'None of the keys was able to decode the JWT',
      );
    case 'claim': {
      const message =
        check.problem === 'not-a-number'
          ? `The JWT '${check.claim}' claim must be a number`
          : { exp: 'JWT expired', nbf: 'JWT not yet valid', iat: 'JWT issued at future' }[
              check.claim
            ];
      const expired = check.claim === 'exp' && check.problem === 'out-of-time';
      return {
        ok: false,
        problem: expired ? 'expired' : 'invalid',
        code: 'PGRST303',
        message,
        details: null,
      };
    }
  }
}

/** The new API keys this server issues and the role each acts as (as `supabase start` maps them). */
const API_KEYS: ReadonlyMap<string, ApiRole> = new Map([
  [LOCAL_PUBLISHABLE_KEY, 'anon'],
  [LOCAL_SECRET_KEY, 'service_role'],
]);

export const isNewApiKey = (key: string) =>
  key.startsWith('sb_publishable_') || key.startsWith('sb_secret_');

// Hosted Supabase refuses a secret key sent by a browser, which it tells by the User-Agent.
const BROWSER_USER_AGENT = /^Mozilla\//;

const INVALID_API_KEY: Refusal = { ok: false, problem: 'invalid', message: 'Invalid API key' };
const SECRET_KEY_IN_BROWSER: Refusal = {
  ok: false,
  problem: 'invalid',
  message: 'Forbidden use of secret API key in browser',
};

/**
 * A publishable or secret key in the apikey header: it names the role, unless a user's JWT comes with it
 * as the bearer. As on hosted Supabase, the bearer may repeat the key itself (supabase-js sends it so for
 * REST and storage) but may not carry a different key.
 */
async function authenticateApiKey(
  headers: IncomingHttpHeaders,
  apikey: string,
  bearer: string | undefined,
  verifier: JwtVerifier,
): Promise<Authentication> {
  const role = API_KEYS.get(apikey);
  if (role === undefined) return INVALID_API_KEY;
  if (role === 'service_role' && BROWSER_USER_AGENT.test(headers['user-agent'] ?? '')) {
    return SECRET_KEY_IN_BROWSER;
  }
  if (bearer === undefined || bearer === apikey)
    return { ok: true, caller: { role, claims: { role } } };
  if (isNewApiKey(bearer)) return INVALID_API_KEY;
  return authenticateJwt(bearer, verifier);
}

async function authenticateJwt(token: string, verifier: JwtVerifier): Promise<Authentication> {
  const verified = await verifier.verify(token, { leewaySeconds: POSTGREST_LEEWAY_SECONDS });
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
 * (apikey header, Authorization bearer) must be a JWT this server trusts (keys/jwt.ts: the legacy
 * secret's HS256, or Auth's ES256 signing key), and the bearer token's role claim, or the apikey's
 * when there is no bearer, becomes the database role.
 */
export async function authenticate(
  headers: IncomingHttpHeaders,
  verifier: JwtVerifier,
): Promise<Authentication> {
  const apikey =
    typeof headers.apikey === 'string' && headers.apikey !== '' ? headers.apikey : undefined;
  const bearer = bearerToken(headers);
  if (apikey !== undefined && isNewApiKey(apikey)) {
    return authenticateApiKey(headers, apikey, bearer, verifier);
  }
  if (bearer !== undefined && isNewApiKey(bearer)) return INVALID_API_KEY;
  const effective = bearer ?? apikey;
  if (effective === undefined)
    return { ok: false, problem: 'missing', message: 'No API key found in request' };

  if (apikey !== undefined && apikey !== effective) {
    const verifiedApikey = await verifier.verify(apikey, {
      leewaySeconds: POSTGREST_LEEWAY_SECONDS,
    });
    if (!verifiedApikey.ok) return failure(verifiedApikey);
  }
  return authenticateJwt(effective, verifier);
}

/**
 * The gateway's check in front of Supabase Auth: only the apikey header counts there (the bearer is the
 * user's access token, which Auth checks itself). A publishable or secret key this server issued, or a
 * legacy anon or service_role JWT it trusts.
 */
export async function authenticateApiKeyHeader(
  headers: IncomingHttpHeaders,
  verifier: JwtVerifier,
): Promise<Authentication> {
  const apikey = typeof headers.apikey === 'string' ? headers.apikey : '';
  if (apikey === '')
    return { ok: false, problem: 'missing', message: 'No API key found in request' };
  if (isNewApiKey(apikey)) return authenticateApiKey(headers, apikey, undefined, verifier);
  const verified = await verifier.verify(apikey);
  const role = verified.ok ? verified.claims.role : undefined;
  if (role !== 'anon' && role !== 'service_role') return INVALID_API_KEY;
  return { ok: true, caller: { role, claims: verified.ok ? verified.claims : {} } };
}
