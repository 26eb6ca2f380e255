import type { PrivacyAction } from '../links/public-urls.ts';
import type { QueuedMail } from './queued-mail.ts';
import { mailLinkToken, type IssuedToken } from '../tokens/email-token.ts';
import type { MailList } from '../rules/mail-lists.ts';

// The tokens a queued message's links carry, derived from its id (tokens/email-token.ts). The worker
// stores their hashes when it takes the message (storedTokenHashes, public.keep_mail_tokens) and derives
// the same tokens again to render it; only an erase or copy link's hash is stored by the function that
// queues it.

export interface ThankYouTokens {
  /** Lists only: the confirmation link. */
  confirm: IssuedToken | null;
  unsubscribe: IssuedToken;
}

export async function thankYouTokens(
  secret: string,
  messageId: string,
  list: MailList,
): Promise<ThankYouTokens> {
  return {
    confirm: list === 'career' ? null : await mailLinkToken(secret, messageId, 'confirm'),
    unsubscribe: await mailLinkToken(secret, messageId, 'unsubscribe'),
  };
}

export function privacyLinkToken(
  secret: string,
  messageId: string,
  action: PrivacyAction,
): Promise<IssuedToken> {
  return mailLinkToken(secret, messageId, action);
}

/**
 * An invitation's only link token: unsubscribe. The console's SQL queues the message without it (the
 * secret is the functions'), so the worker stores its hash before sending (drain.ts).
 */
export function inviteUnsubscribeToken(secret: string, messageId: string): Promise<IssuedToken> {
  return mailLinkToken(secret, messageId, 'unsubscribe');
}

/** A place mail's links: the place page and unsubscribe. */
export interface PlaceTokens {
  place: IssuedToken;
  unsubscribe: IssuedToken;
}

/**
 * A place mail's tokens. confirm_signup queues the message in SQL, without them (the secret is the
 * functions'), so the worker stores their hashes before sending (drain.ts), as for an invitation.
 */
export async function placeTokens(secret: string, messageId: string): Promise<PlaceTokens> {
  return {
    place: await mailLinkToken(secret, messageId, 'place'),
    unsubscribe: await mailLinkToken(secret, messageId, 'unsubscribe'),
  };
}

/** A token hash the worker stores for a message it holds (public.keep_mail_tokens). */
export interface MailTokenHash {
  id: string;
  purpose: 'confirm' | 'unsubscribe' | 'place';
  hash: string;
}

/**
 * The hashes of the tokens a message's links carry that the worker stores before sending: every kind's
 * but an erase or copy link's (stored with the request that asked for it). Deriving is deterministic, so
 * storing them again on a retry changes nothing.
 */
export async function storedTokenHashes(
  secret: string,
  mail: QueuedMail,
): Promise<MailTokenHash[]> {
  const of = (purpose: MailTokenHash['purpose'], token: IssuedToken): MailTokenHash => ({
    id: mail.id,
    purpose,
    hash: token.hash,
  });
  switch (mail.kind) {
    case 'thank_you': {
      const tokens = await thankYouTokens(secret, mail.id, mail.list);
      return [
        ...(tokens.confirm ? [of('confirm', tokens.confirm)] : []),
        of('unsubscribe', tokens.unsubscribe),
      ];
    }
    case 'invite':
      return [of('unsubscribe', await inviteUnsubscribeToken(secret, mail.id))];
    case 'place': {
      const tokens = await placeTokens(secret, mail.id);
      return [of('place', tokens.place), of('unsubscribe', tokens.unsubscribe)];
    }
    case 'privacy_link':
      return [];
  }
}
