import { DEFAULT_FROM } from '../rules/brand.ts';
import { emailLinks, type PublicUrls } from '../links/public-urls.ts';
import { listUnsubscribeHeaders } from '../mail/headers.ts';
import { renderInviteEmail, renderInviteReminderEmail } from '../mail/invite-email.ts';
import { renderPlaceEmail } from '../mail/place-email.ts';
import type { MailMessage } from '../mail/types.ts';
import { renderPrivacyLinkEmail } from '../privacy/privacy-link-email.ts';
import { renderThankYouEmail } from '../thank-you/content.ts';
import {
  inviteReminderTokens,
  inviteTokens,
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
 * What the mail cannot be rendered without and is not set: an invitation's link leads into the product,
 * at PRODUCT_URL. Such a message is not sent, and not given up on either: the worker tries it again
 * later (drain.ts), so invitations wait until the setting is made (or die as dead letters, which the
 * team can send again).
 */
export function missingSetting(mail: QueuedMail, rendering: MailRendering): string | null {
  if ((mail.kind === 'invite' || mail.kind === 'invite_reminder') && !rendering.urls.productUrl) {
    return "PRODUCT_URL is not set: an invitation's link leads into the product.";
  }
  return null;
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
  if (mail.kind === 'invite' || mail.kind === 'invite_reminder') {
    const { productUrl } = urls;
    if (!productUrl) throw new Error(missingSetting(mail, rendering) ?? 'PRODUCT_URL is not set.');
    if (mail.invitation === null)
      throw new Error('An invitation without its facts cannot be sent.');
    // The worker stored these tokens' hashes before rendering (drain.ts), the invitation's link when
    // the invitation itself was sent.
    const tokens =
      mail.kind === 'invite'
        ? await inviteTokens(rendering.linkSecret, mail.id)
        : await inviteReminderTokens(rendering.linkSecret, mail.id, mail.inviteMessageId as string);
    const render = mail.kind === 'invite' ? renderInviteEmail : renderInviteReminderEmail;
    return {
      ...envelope,
      ...render(
        { list: mail.list, place: mail.invitation.place, expiresAt: mail.invitation.expiresAt },
        {
          siteUrl: urls.siteUrl,
          join: emailLinks.productJoin({ ...urls, productUrl }, tokens.invite.token),
          unsubscribe: emailLinks.unsubscribePage(urls, tokens.unsubscribe.token),
          privacy: emailLinks.privacyPage(urls),
        },
      ),
      headers: listUnsubscribeHeaders(
        emailLinks.oneClickUnsubscribe(urls, tokens.unsubscribe.token),
      ),
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
