import type { PrivacyAction } from '../links/public-urls.ts';
import type { QueuedMail } from './queued-mail.ts';
import { mailLinkToken, type IssuedToken } from '../tokens/email-token.ts';
import { inviteToken } from '../tokens/invite-token.ts';
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

/** An invitation's links: into the product (tokens/invite-token.ts) and unsubscribe. */
export interface InviteTokens {
  invite: IssuedToken;
  unsubscribe: IssuedToken;
}

/**
 * An invitation's tokens. A launch wave queues the message in SQL, without them (the secret is the
 * functions'), so the worker stores their hashes before sending (drain.ts); the invite token's on the
 * invitation itself.
 */
export async function inviteTokens(secret: string, messageId: string): Promise<InviteTokens> {
  return {
    invite: await inviteToken(secret, messageId),
    unsubscribe: await mailLinkToken(secret, messageId, 'unsubscribe'),
  };
}

/**
 * A reminder's tokens: the invitation's own link again (derived from the invitation's message, whose
 * hash was stored when it was sent), and an unsubscribe link of its own.
 */
export async function inviteReminderTokens(
  secret: string,
  messageId: string,
  inviteMessageId: string,
): Promise<InviteTokens> {
  return {
    invite: await inviteToken(secret, inviteMessageId),
    unsubscribe: await mailLinkToken(secret, messageId, 'unsubscribe'),
  };
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
  purpose: 'confirm' | 'unsubscribe' | 'place' | 'invite';
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
    case 'invite': {
      const tokens = await inviteTokens(secret, mail.id);
      return [of('invite', tokens.invite), of('unsubscribe', tokens.unsubscribe)];
    }
    case 'invite_reminder':
      return [of('unsubscribe', await mailLinkToken(secret, mail.id, 'unsubscribe'))];
    case 'place': {
      const tokens = await placeTokens(secret, mail.id);
      return [of('place', tokens.place), of('unsubscribe', tokens.unsubscribe)];
    }
    case 'privacy_link':
      return [];
  }
}
