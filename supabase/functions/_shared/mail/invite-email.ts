import { EMAIL_BRAND } from '../rules/brand.ts';
import { GREETING, paragraph, renderEmail, type RenderedEmail } from './render.ts';

/** The links of an invitation (render-queued-mail.ts builds them from the message's token). */
export interface InviteLinks {
  /** The site's home: the mail's "Visit" button. */
  siteUrl: string;
  unsubscribe: string;
  privacy: string;
}

/**
 * The invitation a staff member sends a waitlist member from the console (public.console_invite_waitlist).
 * It goes to a confirmed sign-up, but it still carries nothing the sign-up typed: a confirmation proves
 * the owner reads the mailbox, not that they typed the name on the row (docs/security.md, "What a mail
 * may carry"). Every word is ours.
 */
export function renderInviteEmail(links: InviteLinks): RenderedEmail {
  return renderEmail(
    {
      subject: `You're invited to ${EMAIL_BRAND.name}`,
      heading: "You're invited",
      blocks: [
        GREETING,
        paragraph(
          `Your place on ${EMAIL_BRAND.name}'s waitlist has come up: you're invited to ${EMAIL_BRAND.name} `,
          'ahead of the public launch.',
        ),
        paragraph({ strong: 'What you keep as a waitlist member' }),
        {
          kind: 'list',
          items: [
            '50% off the first year',
            'Priority support and features',
            'Lifetime beta access',
          ],
        },
        paragraph(`Visit ${EMAIL_BRAND.name} with the button below to get started.`),
      ],
      footerLinks: [
        { label: 'Unsubscribe', url: links.unsubscribe },
        { label: 'See or delete your data', url: links.privacy },
      ],
    },
    { siteUrl: links.siteUrl },
  );
}
