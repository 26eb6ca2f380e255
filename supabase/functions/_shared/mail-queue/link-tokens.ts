import type { PrivacyAction } from '../links/public-urls.ts';
import { mailLinkToken, type IssuedToken } from '../tokens/email-token.ts';
import type { MailList } from '../rules/mail-lists.ts';

// The tokens a queued message's links carry, derived from its id (tokens/email-token.ts): the function
// that queues the message stores their hashes, and the worker derives the tokens again to send it.

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
