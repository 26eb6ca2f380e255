import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  SignJWT,
  type JWTHeaderParameters,
  type JWTPayload,
} from 'jose';
import type { SigningKey } from './signing-key.ts';

// Every token this server signs or accepts goes through jose: the legacy keys and storage's signed URLs
// (HS256 under the legacy JWT secret) and Auth's access tokens (ES256 under the signing key).

export type JwtClaims = Record<string, unknown> & { role?: unknown; exp?: unknown };

/** Why a token was refused; the callers word it as PostgREST, storage-api or Supabase Auth do. */
export type JwtProblem =
  | { reason: 'empty' }
  | { reason: 'parts'; count: number }
  | { reason: 'undecodable' }
  | { reason: 'alg-none' }
  /** An algorithm no key here signs with, or a `kid` naming no key here. */
  | { reason: 'no-key'; alg: string; kid: string | undefined }
  | { reason: 'bad-signature'; alg: string }
  | { reason: 'claim'; claim: 'exp' | 'nbf' | 'iat'; problem: 'not-a-number' | 'out-of-time' };

export type JwtCheck = { ok: true; claims: JwtClaims } | ({ ok: false } & JwtProblem);

export interface JwtCheckOptions {
  /** Seconds of clock skew allowed on exp, nbf and iat (PostgREST allows 30). Default 0. */
  leewaySeconds?: number;
  /** Whether an iat in the future is refused (PostgREST does; Supabase Auth does not). Default true. */
  checkIssuedAt?: boolean;
}

export interface JwtVerifier {
  verify(token: string, options?: JwtCheckOptions): Promise<JwtCheck>;
  /** The clock tokens are checked against, in seconds: what a token signed here is dated by. */
  nowSeconds(): number;
}

const ALGORITHMS = ['HS256', 'ES256'];

/** HS256 under `secret`, as the legacy JWT secret signs the anon and service_role keys. */
export function signHs256(claims: JwtClaims, secret: string): Promise<string> {
  // As given: a test signs claims of the wrong type on purpose.
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** ES256 under the signing key, named by `kid`, as hosted Supabase Auth signs access tokens. */
export function signEs256(claims: JwtClaims, key: SigningKey): Promise<string> {
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

function headerOf(token: string): Partial<JWTHeaderParameters> {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return {};
  }
}

/** jose's refusal as one of the problems the callers put in words. */
function problemOf(token: string, error: unknown): JwtProblem {
  const header = headerOf(token);
  const alg = String(header.alg);
  if (error instanceof errors.JWTExpired) {
    return { reason: 'claim', claim: 'exp', problem: 'out-of-time' };
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim as 'exp' | 'nbf' | 'iat';
    return {
      reason: 'claim',
      claim,
      problem: error.reason === 'invalid' ? 'not-a-number' : 'out-of-time',
    };
  }
  if (error instanceof errors.JOSEAlgNotAllowed && alg.toLowerCase() === 'none') {
    return { reason: 'alg-none' };
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JWKSNoMatchingKey) {
    return { reason: 'no-key', alg, kid: header.kid };
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return { reason: 'bad-signature', alg };
  }
  return { reason: 'undecodable' };
}

/**
 * The one check of every token the server accepts, as hosted Supabase's services check them since
 * asymmetric signing keys: ES256 against the signing keys (by `kid`), HS256 against the legacy JWT
 * secret, which stays trusted as long as a project keeps its legacy keys. Anything else, `alg: none`
 * included, is refused.
 */
export function createJwtVerifier(trusted: {
  legacySecret: string;
  signingKeys: readonly SigningKey[];
  /** The clock exp, nbf and iat are checked against (tests move it). Default: the real one. */
  now?: () => Date;
}): JwtVerifier {
  const now = trusted.now ?? (() => new Date());
  const secret = new TextEncoder().encode(trusted.legacySecret);
  const signingKeys = createLocalJWKSet({ keys: trusted.signingKeys.map((key) => key.publicJwk) });
  const keyFor = (header: JWTHeaderParameters) =>
    header.alg === 'HS256' ? secret : signingKeys(header);
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  return {
    nowSeconds,
    async verify(token, options = {}) {
      if (token === '') return { ok: false, reason: 'empty' };
      // PostgREST names the count, which jose does not tell.
      const count = token.split('.').length;
      if (count !== 3) return { ok: false, reason: 'parts', count };
      const leeway = options.leewaySeconds ?? 0;
      const at = nowSeconds();
      try {
        const { payload } = await jwtVerify(token, keyFor, {
          algorithms: ALGORITHMS,
          clockTolerance: leeway,
          currentDate: new Date(at * 1000),
        });
        // jose checks iat's type but not that it is past (without maxTokenAge, which would require iat).
        const { iat } = payload;
        if ((options.checkIssuedAt ?? true) && iat !== undefined && iat > at + leeway) {
          return { ok: false, reason: 'claim', claim: 'iat', problem: 'out-of-time' };
        }
        return { ok: true, claims: payload };
      } catch (error) {
        return { ok: false, ...problemOf(token, error) };
      }
    },
  };
}
