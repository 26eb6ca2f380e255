import { EMAIL_BRAND } from '../brand.ts';
import { paragraph, renderEmail, type RenderedEmail } from './render.ts';

/** The links of an invitation (render-queued-mail.ts builds them from the message's token). */
export interface InviteLinks {
  /** The site's home: the mail's "Visit" button. */
  siteUrl: string;
  unsubscribe: string;
  privacy: string;
}

/** A first name worth greeting by: shown characters, and short enough for a greeting line. */
const GREETABLE_NAME = /^[^\p{Cc}\p{Cf}\p{Z}][^\p{Cc}\p{Cf}]{0,49}$/u;

/**
 * The greeting of a mail to a confirmed address: by the first name its owner typed when it shows, else
 * "Hi there," (docs/security.md, "What a mail may carry"). Only for confirmed addresses.
 */
export function greetingOf(firstName: string | null): string {
  const name = firstName?.trim() ?? '';
  return GREETABLE_NAME.test(name) ? `Hi ${name},` : 'Hi there,';
}

/**
 * The invitation a staff member sends a waitlist member from the console. It goes only to a confirmed
 * sign-up (public.console_invite_waitlist, public.take_queued_mail), so it may greet by the first name
 * the member typed (docs/security.md, "What a mail may carry"); the renderer escapes it like every value.
 * Every other word is ours.
 */
export function renderInviteEmail(firstName: string | null, links: InviteLinks): RenderedEmail {
  const greeting = greetingOf(firstName);
  return renderEmail(
    {
      subject: `You're invited to ${EMAIL_BRAND.name}`,
      heading: "You're invited",
      blocks: [
        paragraph(greeting),
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
