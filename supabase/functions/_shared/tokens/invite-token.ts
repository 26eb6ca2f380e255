import { base64url, mailLinkMac, tokenHash, type IssuedToken } from './email-token.ts';

// An invitation's link into the product (docs/launch-waves.md): made as every queued mail's link is,
// from the invitation's message id with MAIL_LINK_SECRET, and only its SHA-256 kept (on the invitation,
// public.keep_mail_tokens), so a copy of the database opens no invitation. Unlike the site's own links,
// it carries the message id before the MAC: redeem-invite can then tell a token nobody made (forged)
// from one that was made but names no invitation any more (unknown). 16 bytes of id and 32 of MAC,
// base64url: 64 characters.

const ID_BYTES = 16;
const MAC_BYTES = 32;

/** 48 bytes in base64url without padding: 64 characters. */
const INVITE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{64}$/;

export function isInviteTokenShape(value: unknown): value is string {
  return typeof value === 'string' && INVITE_TOKEN_SHAPE.test(value);
}

function uuidBytes(id: string): Uint8Array {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a message id: ${id}`);
  return Uint8Array.from(hex.match(/../g) as string[], (pair) => parseInt(pair, 16));
}

function uuidOf(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function fromBase64url(value: string): Uint8Array {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The link token of the invitation whose message is `messageId`: the same every time. */
export async function inviteToken(secret: string, messageId: string): Promise<IssuedToken> {
  const mac = await mailLinkMac(secret, messageId, 'invite');
  const bytes = new Uint8Array(ID_BYTES + MAC_BYTES);
  bytes.set(uuidBytes(messageId), 0);
  bytes.set(mac, ID_BYTES);
  const token = base64url(bytes);
  return { token, hash: await tokenHash(token) };
}

/** Whether a token of the invite token's shape was made with `secret` (compared in constant time). */
export async function isMadeWith(secret: string, token: string): Promise<boolean> {
  const bytes = fromBase64url(token);
  if (bytes.length !== ID_BYTES + MAC_BYTES) return false;
  const expected = await mailLinkMac(secret, uuidOf(bytes.subarray(0, ID_BYTES)), 'invite');
  let difference = 0;
  for (let i = 0; i < MAC_BYTES; i += 1) difference |= expected[i] ^ bytes[ID_BYTES + i];
  return difference === 0;
}
