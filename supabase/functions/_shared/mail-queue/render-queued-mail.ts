import { DEFAULT_FROM } from '../rules/brand.ts';
import { emailLinks, type PublicUrls } from '../links/public-urls.ts';
import { listUnsubscribeHeaders } from '../mail/headers.ts';
import { renderInviteEmail } from '../mail/invite-email.ts';
import { renderPlaceEmail } from '../mail/place-email.ts';
import type { MailMessage } from '../mail/types.ts';
import { renderPrivacyLinkEmail } from '../privacy/privacy-link-email.ts';
import { renderThankYouEmail } from '../thank-you/content.ts';
import {
  inviteUnsubscribeToken,
  placeTokens,
  privacyLinkToken,
  thankYouTokens,
} from './link-tokens.ts';
import { mailIdempotencyKey, type QueuedMail } from './queued-mail.ts';

export interface MailRendering {
  /** Where the links point (SITE_URL, SUPABASE_URL). */
  urls: PublicUrls;
  /** The From header; default the brand's support address. */
  from?: string;
  /** MAIL_LINK_SECRET: the links' tokens are derived from it and the message id. */
  linkSecret: string;
}

/**
 * The message to hand the provider for a queued mail: every word from the fixed texts, the address from
 * the stored row, the links from tokens derived from the message id. The same message renders to the same
 * bytes every time, which is what lets a retry reuse its idempotency key.
 */
export async function renderQueuedMail(
  mail: QueuedMail & { to: string },
  rendering: MailRendering,
): Promise<MailMessage> {
  const { urls } = rendering;
  const envelope = {
    from: rendering.from ?? DEFAULT_FROM,
    to: mail.to,
    idempotencyKey: mailIdempotencyKey(mail.id),
  };
  if (mail.kind === 'privacy_link') {
    const { token } = await privacyLinkToken(rendering.linkSecret, mail.id, mail.action);
    return {
      ...envelope,
      ...renderPrivacyLinkEmail(
        mail.action,
        emailLinks.privacyLink(urls, mail.action, token),
        urls.siteUrl,
      ),
    };
  }
  if (mail.kind === 'invite') {
    // The worker stored this token's hash before rendering (drain.ts).
    const { token } = await inviteUnsubscribeToken(rendering.linkSecret, mail.id);
    return {
      ...envelope,
      ...renderInviteEmail({
        siteUrl: urls.siteUrl,
        unsubscribe: emailLinks.unsubscribePage(urls, token),
        privacy: emailLinks.privacyPage(urls),
      }),
      headers: listUnsubscribeHeaders(emailLinks.oneClickUnsubscribe(urls, token)),
    };
  }
  if (mail.kind === 'place') {
    if (mail.place === null) throw new Error('A place mail without its place cannot be sent.');
    // The worker stored these tokens' hashes before rendering (drain.ts).
    const tokens = await placeTokens(rendering.linkSecret, mail.id);
    return {
      ...envelope,
      ...renderPlaceEmail(
        { list: mail.list, position: mail.place.position },
        {
          siteUrl: urls.siteUrl,
          referral: emailLinks.referral(urls, mail.list, mail.place.referralCode),
          placePage: emailLinks.placePage(urls, tokens.place.token),
          unsubscribe: emailLinks.unsubscribePage(urls, tokens.unsubscribe.token),
          privacy: emailLinks.privacyPage(urls),
        },
      ),
      headers: listUnsubscribeHeaders(
        emailLinks.oneClickUnsubscribe(urls, tokens.unsubscribe.token),
      ),
    };
  }
  const tokens = await thankYouTokens(rendering.linkSecret, mail.id, mail.list);
  return {
    ...envelope,
    ...renderThankYouEmail(mail.list, {
      siteUrl: urls.siteUrl,
      confirm: tokens.confirm ? emailLinks.confirmPage(urls, tokens.confirm.token) : undefined,
      unsubscribe: emailLinks.unsubscribePage(urls, tokens.unsubscribe.token),
      privacy: emailLinks.privacyPage(urls),
    }),
    headers: listUnsubscribeHeaders(emailLinks.oneClickUnsubscribe(urls, tokens.unsubscribe.token)),
  };
}
