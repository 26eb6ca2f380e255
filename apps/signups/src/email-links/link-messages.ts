import type { LinkRefusal, MailList } from '@agentora/data';
import { RATE_LIMITED_MESSAGE } from '@agentora/forms';

/**
 * The one text for a link that cannot be used, whatever the reason (used, expired, made up): the
 * backend does not say which, so neither can the page (docs/product/consent.md).
 */
export const LINK_NOT_VALID_MESSAGE =
  "This link can't be used. It may have been used already, or it has expired.";

export const LINK_FAILED_MESSAGE =
  'Something went wrong on our side. Please try again in a moment.';

export const LINK_REFUSAL_MESSAGES: Readonly<Record<LinkRefusal, string>> = {
  link_not_valid: LINK_NOT_VALID_MESSAGE,
  rate_limited: RATE_LIMITED_MESSAGE,
  failed: LINK_FAILED_MESSAGE,
  unreachable: LINK_FAILED_MESSAGE,
};

/** How the pages name the list a mail came from. */
export const LIST_NAMES: Readonly<Record<MailList, string>> = {
  early_access: 'the early access list',
  newsletter: 'the newsletter',
  waitlist: 'the waitlist',
  career: 'emails about your application',
};
