import type { PrivacyAction } from '../links/public-urls.ts';
import { isMailList, type MailList } from '../rules/mail-lists.ts';
import {
  isLineList,
  REFERRAL_CODE_PATTERN,
  type LineList,
  type PlaceInLine,
} from '../rules/places.ts';

/**
 * A message leased from the queue (public.take_mail_batch): what it is about and where it goes, read
 * from the stored rows at the moment of sending. Its words and links are rendered from this alone.
 */
export type QueuedMail = {
  id: string;
  /** The worker's lease: a settle must name it (two workers never settle one message). */
  lease: string;
  /** 1 on the first take. */
  attempts: number;
  /** The stored address; null only if the row went between queueing and sending. */
  to: string | null;
} & (
  | { kind: 'thank_you'; list: MailList }
  | { kind: 'privacy_link'; action: PrivacyAction }
  /** A staff member's invitation of a confirmed waitlist member (supabase/schemas/console-lists.sql). */
  | { kind: 'invite' }
  /**
   * A confirmed line sign-up's place (supabase/schemas/mail-kinds.sql): the place as it is at the moment of
   * sending, and the code of its referral link. null only when the message is not sendable any more (the
   * sign-up went or is no longer confirmed), and then `to` is null too.
   */
  | { kind: 'place'; list: LineList; place: PlaceInLine | null }
);

/** The provider deduplicates on this: one key per message, however often it is tried. */
export function mailIdempotencyKey(messageId: string): string {
  return `mail/${messageId}`;
}

/**
 * The key of a request of several messages: `batch/` and the SHA-256 of their ids, sorted, so that the
 * same members sent again are the same request under the same key, whatever order they were taken in.
 */
export async function batchIdempotencyKey(messageIds: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode([...messageIds].sort().join(',')),
  );
  return `batch/${Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const isAction = (value: unknown): value is PrivacyAction => value === 'erase' || value === 'copy';

/**
 * Checks what the database returned; anything else is a bug, not something to mail. Only what a message
 * is about is read: a stored name or any other text a visitor typed is never taken, even when a database
 * older than migration 20251203000100 still answers a first name (docs/security.md, "What a mail may
 * carry").
 */
export function toQueuedMail(value: unknown): QueuedMail | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const row = value as Record<string, unknown>;
  if (typeof row.id !== 'string' || typeof row.lease !== 'string') return null;
  if (typeof row.attempts !== 'number' || !(typeof row.to === 'string' || row.to === null))
    return null;
  const base = { id: row.id, lease: row.lease, attempts: row.attempts, to: row.to };
  if (row.kind === 'thank_you' && isMailList(row.list)) {
    return { ...base, kind: 'thank_you', list: row.list };
  }
  if (row.kind === 'privacy_link' && isAction(row.action)) {
    return { ...base, kind: 'privacy_link', action: row.action };
  }
  if (row.kind === 'invite') {
    return { ...base, kind: 'invite' };
  }
  if (row.kind === 'place' && isLineList(row.list)) {
    const place = placeOf(row.position, row.referral_code);
    // A sendable message always has its place; an unsendable one (no address) may have none.
    if (place === null && base.to !== null) return null;
    return { ...base, kind: 'place', list: row.list, place };
  }
  return null;
}

function placeOf(position: unknown, referralCode: unknown): PlaceInLine | null {
  if (
    typeof position === 'number' &&
    Number.isSafeInteger(position) &&
    position >= 1 &&
    typeof referralCode === 'string' &&
    REFERRAL_CODE_PATTERN.test(referralCode)
  ) {
    return { position, referralCode };
  }
  return null;
}
