import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { failure, type Answer } from '../api/answer.ts';
import type { KeyedSend, MailStore } from './mail-store.ts';

// Resend's Idempotency-Key for POST /emails and POST /emails/batch: a repeat within 24 hours with the
// same body is answered the first answer and sends nothing; with another body, 409
// invalid_idempotent_request; while the first is still being taken, 409 concurrent_idempotent_requests.

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEY_MAX_LENGTH = 256;

/** The request's key ('' for none), or the 400 Resend answers to one it cannot take. */
export function idempotencyKey(headers: IncomingHttpHeaders): { key: string } | { refuse: Answer } {
  const header = headers['idempotency-key'];
  const key = typeof header === 'string' ? header : '';
  if (key.length > KEY_MAX_LENGTH) {
    return {
      refuse: failure(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'),
    };
  }
  return { key };
}

/** What a repeat is compared by: SHA-256 of the request body, hex. */
export const bodyHash = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

/** The repeat of a key, or its refusal; undefined when the key is new (or none, or expired). */
export async function earlierSend(
  store: MailStore,
  key: string,
  hash: string,
  now: () => number,
): Promise<KeyedSend | Answer | undefined> {
  if (key === '') return undefined;
  const send = await store.find(key);
  if (!send || now() - send.at >= KEY_LIFETIME_MS) return undefined;
  if (send.bodyHash !== hash) {
    return failure(
      409,
      'invalid_idempotent_request',
      'Same idempotency key used with a different request payload.',
    );
  }
  return send;
}

/** Runs one send per key at a time: a repeat of a key while its first send is being taken is 409. */
export function oneSendPerKey(): (key: string, send: () => Promise<Answer>) => Promise<Answer> {
  const inProgress = new Set<string>();
  return async (key, send) => {
    if (key === '') return send();
    if (inProgress.has(key)) {
      return failure(
        409,
        'concurrent_idempotent_requests',
        'Same idempotency key used while original request is still in progress.',
      );
    }
    inProgress.add(key);
    try {
      return await send();
    } finally {
      inProgress.delete(key);
    }
  };
}
