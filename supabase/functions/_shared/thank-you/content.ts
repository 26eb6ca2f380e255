import { EMAIL_BRAND } from '../rules/brand.ts';
import {
  GREETING,
  paragraph,
  renderEmail,
  type Block,
  type EmailContent,
  type EmailLink,
  type RenderedEmail,
} from '../mail/render.ts';
import type { MailList } from '../rules/mail-lists.ts';

/**
 * How long a confirmation link works and an unconfirmed sign-up is kept (public.keep_mail_tokens in
 * supabase/schemas/consent.sql, public.apply_retention in privacy.sql).
 */
export const CONFIRM_LINK_DAYS = 7;
export const UNCONFIRMED_SIGNUP_DAYS = 30;
/** How long an application and its résumé are kept (public.expire_applications). */
export const APPLICATION_MONTHS = 12;

/** The links of one thank-you mail, built from its tokens (send-thank-you.ts). */
export interface ThankYouLinks {
  siteUrl: string;
  /** Lists only: the site's confirmation page with this sign-up's token. */
  confirm?: string;
  unsubscribe: string;
  privacy: string;
}

// Every thank-you mail goes to an address nobody has confirmed yet (it is the confirmation, or the
// careers receipt), so whoever typed the sign-up may not be the mailbox's owner: nothing they typed
// reaches the mail, not a name, a company, a use case or a role, or our domain would carry a stranger's
// words (a "URGENT: verify at https://…" for a first name) to anyone's inbox. The greeting is the fixed
// GREETING of every mail (docs/security.md, "What a mail may carry").

/**
 * What a list's mail adds to its thank-you words: the request to confirm, with the button. Nothing else is
 * mailed to the address until it is used.
 */
function confirmationBlocks(confirmUrl: string): Block[] {
  return [
    paragraph(
      'Please confirm that this address is yours. Until you do, this is the only email we send you.',
    ),
    { kind: 'button', link: { label: 'Confirm your email', url: confirmUrl } },
    paragraph(
      `The link works for ${CONFIRM_LINK_DAYS} days. If you didn't sign up, ignore this email: we won't write `,
      `again, and we delete unconfirmed sign-ups after ${UNCONFIRMED_SIGNUP_DAYS} days.`,
    ),
  ];
}

// Every word comes from here; nothing a request carries, and nothing a visitor typed, reaches an email.
const CONTENT: Readonly<Record<MailList, (links: ThankYouLinks) => EmailContent>> = {
  early_access: () => ({
    subject: `You're on the ${EMAIL_BRAND.name} early access list`,
    heading: 'Welcome to early access',
    blocks: [
      GREETING,
      paragraph(
        `Thanks for joining the ${EMAIL_BRAND.name} early access list. You are among the first people to `,
        'hear about the marketplace where AI agents are discovered, bought, sold and deployed.',
      ),
      paragraph({ strong: 'Your early access benefits' }),
      {
        kind: 'list',
        items: [
          'A place among the first 1000 users',
          '50% off your first year',
          `An invitation before the public launch in ${EMAIL_BRAND.launchYear}`,
        ],
      },
      paragraph("We'll write again as soon as your access is ready."),
    ],
  }),
  newsletter: () => ({
    subject: `Welcome to the ${EMAIL_BRAND.name} newsletter`,
    heading: "You're subscribed",
    blocks: [
      GREETING,
      paragraph(
        `Thanks for subscribing to the ${EMAIL_BRAND.name} newsletter. You'll receive our latest updates on `,
        'AI agents, the marketplace, and our road to launch.',
      ),
      paragraph('You can unsubscribe at any time with the link at the end of every email we send.'),
    ],
  }),
  waitlist: () => ({
    subject: `You're on ${EMAIL_BRAND.name}'s waitlist`,
    heading: 'Welcome to the waitlist',
    blocks: [
      GREETING,
      paragraph(`Thanks for joining ${EMAIL_BRAND.name}'s waitlist.`),
      paragraph({ strong: 'What you get as a waitlist member' }),
      {
        kind: 'list',
        items: ['50% off the first year', 'Priority support and features', 'Lifetime beta access'],
      },
      paragraph(
        `We expect to launch in ${EMAIL_BRAND.launchYear}; we'll contact you with next steps before then.`,
      ),
    ],
  }),
  career: (links) => ({
    subject: `We received your application to ${EMAIL_BRAND.name}`,
    heading: 'Application received',
    blocks: [
      GREETING,
      paragraph(`Thank you for applying to ${EMAIL_BRAND.name}.`),
      paragraph(
        'Our team will review your application and get back to you within ',
        { strong: '5 business days' },
        '.',
      ),
      paragraph({ strong: 'What we keep, and for how long' }),
      paragraph(
        'We keep the details you sent us and your résumé, if you attached one, for ',
        { strong: `${APPLICATION_MONTHS} months` },
        ' from today, then delete them. You can see what we hold or have it deleted sooner on our ',
        { link: { label: 'privacy page', url: links.privacy } },
        '.',
      ),
    ],
  }),
};

/** Where the list's own words go: right after the greeting and the first thanks. */
const CONFIRMATION_AT = 2;

export function renderThankYouEmail(type: MailList, links: ThankYouLinks): RenderedEmail {
  const content = CONTENT[type](links);
  if (links.confirm)
    content.blocks.splice(CONFIRMATION_AT, 0, ...confirmationBlocks(links.confirm));
  const footerLinks: EmailLink[] = [
    {
      label: type === 'career' ? 'Unsubscribe from application emails' : 'Unsubscribe',
      url: links.unsubscribe,
    },
    { label: 'See or delete your data', url: links.privacy },
  ];
  return renderEmail({ ...content, footerLinks }, { siteUrl: links.siteUrl });
}
