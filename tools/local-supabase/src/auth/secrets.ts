import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import type { SigningKey } from '../keys/signing-key.ts';

/** A one-time code of `length` digits, every value equally likely (leading zeros kept). */
export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

/**
 * Supabase Auth's token hash of a code: hex SHA-224 of the address and the code. It is what the Send
 * Email Hook receives as `token_hash` (for links that verify without the address), and what
 * `POST /verify {token_hash}` takes.
 */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(`${email}${otp}`).digest('hex');
}

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A refresh token as Supabase Auth makes them: 12 characters of lower-case base32. */
export function generateRefreshToken(): string {
  return [...randomBytes(12)].map((byte) => REFRESH_TOKEN_ALPHABET[byte & 31]).join('');
}

/**
 * What the database keeps instead of a code's token hash or a refresh token: an HMAC under a key derived
 * from the signing key. A six-digit code is guessed from a plain hash in a moment; without the key, a
 * copy of the database tells nothing. Derived, so it persists (and changes) with the signing key.
 */
export function createSecretDigest(signingKey: SigningKey): (secret: string) => string {
  const { d } = signingKey.privateKey.export({ format: 'jwk' });
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(d as string, 'base64url'),
      '',
      'local-supabase auth secrets',
      32,
    ),
  );
  return (secret) => createHmac('sha256', key).update(secret).digest('hex');
}
