import { EMAIL_BRAND } from '../rules/brand.ts';
import { INVITE_PARAM } from '../rules/launch-waves.ts';
import type { TokenPurpose } from '../tokens/email-token.ts';
import type { LineList } from '../rules/places.ts';
import { EMAIL_PAGE_PATHS, referralPath } from '../rules/site-paths.ts';

/**
 * Where links in mail point: the site's public URL (SITE_URL; the production site by default) and the
 * project's API (SUPABASE_URL, which hosted Supabase sets for every function; tools/local-supabase passes
 * its own). A link built from them is the base, a fixed path and a base64url token, nothing a visitor chose.
 */
export interface PublicUrls {
  /** e.g. https://agentora.ai, no trailing slash. */
  siteUrl: string;
  /** e.g. https://<project>.supabase.co/functions/v1, no trailing slash. */
  functionsUrl: string;
  /**
   * PRODUCT_URL, where an invitation's link leads (e.g. https://app.agentora.ai/join, no trailing
   * slash); undefined when unset, and then invitations wait in the queue (render-queued-mail.ts).
   */
  productUrl?: string;
}

/** An http(s) origin with an optional path, printable ASCII only, so it is safe in a mail header. */
function baseUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(value)}.`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    !/^[\x21-\x7e]+$/.test(url.href)
  ) {
    throw new Error(`${name} must be a plain http(s) URL, got ${JSON.stringify(value)}.`);
  }
  return url.href.replace(/\/+$/, '');
}

export function publicUrls(options: {
  siteUrl?: string;
  supabaseUrl: string;
  productUrl?: string;
}): PublicUrls {
  return {
    siteUrl: baseUrl(options.siteUrl || EMAIL_BRAND.siteUrl, 'SITE_URL'),
    functionsUrl: `${baseUrl(options.supabaseUrl, 'SUPABASE_URL')}/functions/v1`,
    ...(options.productUrl ? { productUrl: baseUrl(options.productUrl, 'PRODUCT_URL') } : {}),
  };
}

export type PrivacyAction = Extract<TokenPurpose, 'erase' | 'copy'>;

/** The links a mail may carry. */
export const emailLinks = {
  confirmPage: (urls: PublicUrls, token: string) =>
    `${urls.siteUrl}${EMAIL_PAGE_PATHS.confirm}?token=${token}`,
  unsubscribePage: (urls: PublicUrls, token: string) =>
    `${urls.siteUrl}${EMAIL_PAGE_PATHS.unsubscribe}?token=${token}`,
  /** RFC 8058's one-click target: the function itself, which a mail provider POSTs to. */
  oneClickUnsubscribe: (urls: PublicUrls, token: string) =>
    `${urls.functionsUrl}/unsubscribe?token=${token}`,
  privacyPage: (urls: PublicUrls) => `${urls.siteUrl}${EMAIL_PAGE_PATHS.privacy}`,
  privacyLink: (urls: PublicUrls, action: PrivacyAction, token: string) =>
    `${urls.siteUrl}${EMAIL_PAGE_PATHS.privacy}?action=${action}&token=${token}`,
  /** A confirmed line sign-up's place, at any later time, from its mail's signed link. */
  placePage: (urls: PublicUrls, token: string) =>
    `${urls.siteUrl}${EMAIL_PAGE_PATHS.place}?token=${token}`,
  /** An invitation's link into the product (PRODUCT_URL, which must be set), single-use and unique. */
  productJoin: (urls: PublicUrls & { productUrl: string }, token: string) =>
    `${urls.productUrl}?${INVITE_PARAM}=${token}`,
  /** The sign-up's own referral link: its list's form, with its code. */
  referral: (urls: PublicUrls, list: LineList, code: string) =>
    `${urls.siteUrl}${referralPath(list, code)}`,
};
