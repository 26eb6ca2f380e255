import { EMAIL_BRAND } from '../rules/brand.ts';
import type { PrivacyAction } from '../links/public-urls.ts';
import {
  GREETING,
  paragraph,
  renderEmail,
  type EmailContent,
  type RenderedEmail,
} from '../mail/render.ts';

/** How long an erase or copy link works (public.issue_privacy_token). */
export const PRIVACY_LINK_MINUTES = 60;

const CONTENT: Readonly<Record<PrivacyAction, (link: string) => EmailContent>> = {
  erase: (link) => ({
    subject: `Delete your ${EMAIL_BRAND.name} data`,
    heading: 'Delete your data',
    blocks: [
      GREETING,
      paragraph(
        'We received a request to delete every record we hold for this email address: sign-ups to our ',
        'lists, job applications and résumés.',
      ),
      paragraph('Open the link to see what will be deleted, then confirm it there.'),
      { kind: 'button', link: { label: 'Review and delete', url: link } },
      paragraph(
        `The link works once, for ${PRIVACY_LINK_MINUTES} minutes. If you didn't ask for this, ignore this `,
        'email: nothing changes.',
      ),
    ],
  }),
  copy: (link) => ({
    subject: `Your copy of your ${EMAIL_BRAND.name} data`,
    heading: 'See your data',
    blocks: [
      GREETING,
      paragraph(
        'We received a request for a copy of every record we hold for this email address: sign-ups to ',
        'our lists, job applications and résumés.',
      ),
      { kind: 'button', link: { label: 'See my data', url: link } },
      paragraph(
        `The link works once, for ${PRIVACY_LINK_MINUTES} minutes. If you didn't ask for this, ignore this `,
        'email: nobody else can open it.',
      ),
    ],
  }),
};

/**
 * The mail with an erase or copy link. It is a reply to a request, not list mail, so it carries no
 * unsubscribe link (docs/product/consent.md); it goes out at most 3 times a day per mailbox and
 * requester, 10 in all, and within the person's daily budget of unconfirmed mail (docs/security.md).
 */
export function renderPrivacyLinkEmail(
  action: PrivacyAction,
  link: string,
  siteUrl: string,
): RenderedEmail {
  return renderEmail(CONTENT[action](link), { siteUrl });
}
