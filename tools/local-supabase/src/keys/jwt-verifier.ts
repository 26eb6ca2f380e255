import { createHmac, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import type { JwtClaims } from './jwt.ts';

/** Why a token was refused; the callers word it as PostgREST, storage-api or Supabase Auth do. */
export type JwtProblem =
  | { reason: 'empty' }
  | { reason: 'parts'; count: number }
  | { reason: 'undecodable' }
  | { reason: 'alg-none' }
  /** An algorithm no key here signs with, or a `kid` naming no key here. */
  | { reason: 'no-key'; alg: string; kid: string | undefined }
  | { reason: 'bad-signature'; alg: 'HS256' | 'ES256' }
  | { reason: 'claim'; claim: 'exp' | 'nbf' | 'iat'; problem: 'not-a-number' | 'out-of-time' };

export type JwtCheck =
  { ok: true; claims: JwtClaims; alg: 'HS256' | 'ES256' } | ({ ok: false } & JwtProblem);

export interface JwtCheckOptions {
  /** Seconds of clock skew allowed on exp, nbf and iat (PostgREST allows 30). Default 0. */
  leewaySeconds?: number;
  /** Whether an iat in the future is refused (PostgREST does; Supabase Auth does not). Default true. */
  checkIssuedAt?: boolean;
  nowSeconds?: number;
}

export interface JwtVerifier {
  verify(token: string, options?: JwtCheckOptions): JwtCheck;
}

function parseSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hmacMatches(secret: string, unsigned: string, signature: Buffer): boolean {
  const expected = createHmac('sha256', secret).update(unsigned).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}

function es256Matches(key: KeyObject, unsigned: string, signature: Buffer): boolean {
  if (signature.length !== 64) return false;
  return verify('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }, signature);
}

function timeProblem(
  claims: Record<string, unknown>,
  options: Required<JwtCheckOptions>,
): JwtProblem | undefined {
  const { leewaySeconds, nowSeconds } = options;
  const checks = [
    ['exp', (value: number) => nowSeconds >= value + leewaySeconds],
    ['nbf', (value: number) => value > nowSeconds + leewaySeconds],
    ['iat', (value: number) => options.checkIssuedAt && value > nowSeconds + leewaySeconds],
  ] as const;
  for (const [claim, outOfTime] of checks) {
    const value = claims[claim];
    if (value === undefined) continue;
    if (typeof value !== 'number') return { reason: 'claim', claim, problem: 'not-a-number' };
    if (outOfTime(value)) return { reason: 'claim', claim, problem: 'out-of-time' };
  }
  return undefined;
}

/**
 * Checks tokens the way hosted Supabase's services do since asymmetric signing keys: ES256 tokens
 * against the signing keys (by `kid`), and HS256 tokens against the legacy JWT secret, which stays
 * trusted as long as a project keeps its legacy keys. Anything else, `alg: none` included, is refused.
 */
export function createJwtVerifier(trusted: {
  legacySecret: string;
  signingKeys: readonly { kid: string; publicKey: KeyObject }[];
  /** The clock exp, nbf and iat are checked against (tests move it). Default: the real one. */
  now?: () => Date;
}): JwtVerifier {
  const now = trusted.now ?? (() => new Date());
  const byKid = new Map(trusted.signingKeys.map((key) => [key.kid, key.publicKey]));
  return {
    verify(token, options = {}) {
      if (token === '') return { ok: false, reason: 'empty' };
      const parts = token.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'parts', count: parts.length };
      const [headerPart, payloadPart, signaturePart] = parts;
      const header = parseSegment(headerPart);
      const claims = parseSegment(payloadPart);
      if (!isObject(header) || !isObject(claims) || !/^[A-Za-z0-9_-]*$/.test(signaturePart)) {
        return { ok: false, reason: 'undecodable' };
      }
      const { alg } = header;
      const kid = typeof header.kid === 'string' ? header.kid : undefined;
      const unsigned = `${headerPart}.${payloadPart}`;
      const signature = Buffer.from(signaturePart, 'base64url');
      if (typeof alg === 'string' && alg.toLowerCase() === 'none') {
        return { ok: false, reason: 'alg-none' };
      }
      let verifiedAlg: 'HS256' | 'ES256';
      if (alg === 'ES256') {
        const named = kid === undefined ? undefined : byKid.get(kid);
        const keys = kid === undefined ? [...byKid.values()] : named ? [named] : [];
        if (keys.length === 0) return { ok: false, reason: 'no-key', alg, kid };
        if (!keys.some((key) => es256Matches(key, unsigned, signature))) {
          return { ok: false, reason: 'bad-signature', alg };
        }
        verifiedAlg = 'ES256';
      } else if (alg === 'HS256') {
        if (!hmacMatches(trusted.legacySecret, unsigned, signature)) {
          return { ok: false, reason: 'bad-signature', alg };
        }
        verifiedAlg = 'HS256';
      } else {
        return { ok: false, reason: 'no-key', alg: String(alg), kid };
      }
      const problem = timeProblem(claims, {
        leewaySeconds: options.leewaySeconds ?? 0,
        checkIssuedAt: options.checkIssuedAt ?? true,
        nowSeconds: options.nowSeconds ?? Math.floor(now().getTime() / 1000),
      });
      if (problem) return { ok: false, ...problem };
      return { ok: true, claims: claims as JwtClaims, alg: verifiedAlg };
    },
  };
}
