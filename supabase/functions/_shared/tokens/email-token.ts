// The tokens that email links carry (migration 20250901000000_email_consent.sql): 32 random bytes,
// base64url in the link, and only their SHA-256 in the database, so a copy of the database opens no link.
// Each token has one purpose; the database decides its expiry and whether it can be used again.

export type TokenPurpose = 'confirm' | 'unsubscribe' | 'erase' | 'copy';

export const TOKEN_BYTES = 32;

/** 32 bytes in base64url without padding: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The hex SHA-256 of a token, the only form the database stores or is asked about. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IssuedToken {
  /** Goes into the mail, nowhere else. */
  token: string;
  hash: string;
}

export async function newToken(): Promise<IssuedToken> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
  return { token, hash: await tokenHash(token) };
}
