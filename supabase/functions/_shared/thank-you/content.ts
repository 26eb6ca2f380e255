import { EMAIL_BRAND } from '../brand.ts';
import { greetingNameFromEmail } from '../mail/greeting-name.ts';
import {
  paragraph,
  renderEmail,
  type Block,
  type EmailContent,
  type EmailLink,
  type RenderedEmail,
} from '../mail/render.ts';
import type { StoredSignup, ThankYouType } from './stored-signup.ts';

/** How long a confirmation link works and an unconfirmed sign-up is kept (migrations 20250901000*). */
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

function greeting(firstName: string): Block {
  return paragraph(`Hi ${firstName === '' ? 'there' : firstName},`);
}

/** A stored first name, or the one the address suggests for the sign-ups that have no name column. */
function firstNameOf(type: ThankYouType, row: StoredSignup): string {
  if (type === 'early_access' || type === 'newsletter') return greetingNameFromEmail(row.email);
  return (row.first_name ?? '').trim();
}

const present = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

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

// Every word comes from the claimed row or from here; nothing a request carries reaches an email.
const CONTENT: Readonly<
  Record<ThankYouType, (row: StoredSignup, firstName: string, links: ThankYouLinks) => EmailContent>
> = {
  early_access: (_row, firstName) => ({
    subject: `You're on the ${EMAIL_BRAND.name} early access list`,
    heading: 'Welcome to early access',
    blocks: [
      greeting(firstName),
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
  newsletter: (_row, firstName) => ({
    subject: `Welcome to the ${EMAIL_BRAND.name} newsletter`,
    heading: "You're subscribed",
    blocks: [
      greeting(firstName),
      paragraph(
        `Thanks for subscribing to the ${EMAIL_BRAND.name} newsletter. You'll receive our latest updates on `,
        'AI agents, the marketplace, and our road to launch.',
      ),
      paragraph('You can unsubscribe at any time with the link at the end of every email we send.'),
    ],
  }),
  waitlist: (row, firstName) => {
    const company = present(row.company);
    const useCase = present(row.use_case);
    return {
      subject: `You're on ${EMAIL_BRAND.name}'s waitlist`,
      heading: 'Welcome to the waitlist',
      blocks: [
        greeting(firstName),
        company
          ? paragraph(
              `Thanks for joining ${EMAIL_BRAND.name}'s waitlist on behalf of `,
              { strong: company },
              '.',
            )
          : paragraph(`Thanks for joining ${EMAIL_BRAND.name}'s waitlist.`),
        ...(useCase
          ? [
              paragraph('You told us what you want AI agents to do for you:'),
              { kind: 'quote', text: useCase } as Block,
            ]
          : []),
        paragraph({ strong: 'What you get as a waitlist member' }),
        {
          kind: 'list',
          items: [
            '50% off the first year',
            'Priority support and features',
            'Lifetime beta access',
          ],
        },
        paragraph(
          `We expect to launch in ${EMAIL_BRAND.launchYear}; we'll contact you with next steps before then.`,
        ),
      ],
    };
  },
  career: (row, firstName, links) => ({
    subject: `We received your application to ${EMAIL_BRAND.name}`,
    heading: 'Application received',
    blocks: [
      greeting(firstName),
      paragraph(
        `Thank you for applying to ${EMAIL_BRAND.name} for `,
        // The position is the applicant's current role, or the words "the position".
        { strong: present(row.current_role) ?? 'the position' },
        '.',
      ),
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

export function renderThankYouEmail(
  type: ThankYouType,
  row: StoredSignup,
  links: ThankYouLinks,
): RenderedEmail {
  const content = CONTENT[type](row, firstNameOf(type, row), links);
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
