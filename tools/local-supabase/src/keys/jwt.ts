import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { role?: unknown; exp?: unknown };

export type JwtVerification =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: 'malformed' | 'unsupported-algorithm' | 'bad-signature' | 'expired' };

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const unsigned = `${base64UrlJson({ alg: 'HS256', typ: 'JWT' })}.${base64UrlJson(claims)}`;
  return `${unsigned}.${hmac(secret, unsigned).toString('base64url')}`;
}

function parseJsonSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** HS256 only, as Supabase's legacy JWT secret signs; "none" and asymmetric algorithms are refused. */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): JwtVerification {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = parseJsonSegment(headerPart);
  const claims = parseJsonSegment(payloadPart);
  if (
    typeof header !== 'object' ||
    header === null ||
    typeof claims !== 'object' ||
    claims === null ||
    Array.isArray(claims)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if ((header as { alg?: unknown }).alg !== 'HS256')
    return { ok: false, reason: 'unsupported-algorithm' };

  const expected = hmac(secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad-signature' };

  const { exp } = claims as JwtClaims;
  if (exp !== undefined && (typeof exp !== 'number' || exp <= nowSeconds))
    return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as JwtClaims };
}
