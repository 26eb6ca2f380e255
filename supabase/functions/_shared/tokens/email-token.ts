// The tokens that email links carry (public.email_tokens, supabase/schemas/consent.sql): 32 bytes,
// base64url in the link, and only their SHA-256 in the database, so a copy of the database opens no
// link. Each token has one purpose; the database decides its expiry and whether it can be used again.
//
// A queued mail's tokens are derived, not drawn: HMAC-SHA-256 of the message id and the purpose under
// MAIL_LINK_SECRET (docs/mail-queue.md). The function that queues the mail stores their hashes; the worker
// that sends it, maybe minutes and retries later, derives the same tokens, so every attempt sends the same
// bytes under one idempotency key, and the database never holds what opens a link.

/** 'place': a confirmed line sign-up's link to its place page (docs/growth.md). */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'erase' | 'copy' | 'place';

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

/** The least length of MAIL_LINK_SECRET: 32 bytes' worth of hex or base64. */
export const MAIL_LINK_SECRET_MIN_LENGTH = 32;

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    hmacKeys.set(secret, key);
  }
  return key;
}

/** The token of a queued mail's link: the same for the same secret, message and purpose. */
export async function mailLinkToken(
  secret: string,
  messageId: string,
  purpose: TokenPurpose,
): Promise<IssuedToken> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    new TextEncoder().encode(`mail-link/${messageId}/${purpose}`),
  );
  const token = base64url(new Uint8Array(mac));
  return { token, hash: await tokenHash(token) };
}
