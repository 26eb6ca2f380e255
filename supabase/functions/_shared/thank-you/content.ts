import { EMAIL_BRAND } from '../brand.ts';
import { greetingNameFromEmail } from '../mail/greeting-name.ts';
import { paragraph, renderEmail, type Block, type EmailContent, type RenderedEmail } from '../mail/render.ts';
import type { StoredSignup, ThankYouType } from './stored-signup.ts';

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

// Every word comes from the claimed row or from here; nothing a request carries reaches an email.
const CONTENT: Readonly<Record<ThankYouType, (row: StoredSignup, firstName: string) => EmailContent>> = {
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
      paragraph('You can unsubscribe at any time by replying to any of our emails.'),
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
          ? paragraph(`Thanks for joining ${EMAIL_BRAND.name}'s waitlist on behalf of `, { strong: company }, '.')
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
          items: ['50% off the first year', 'Priority support and features', 'Lifetime beta access'],
        },
        paragraph(
          `We expect to launch in ${EMAIL_BRAND.launchYear}; we'll contact you with next steps before then.`,
        ),
      ],
    };
  },
  career: (row, firstName) => ({
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
    ],
  }),
};

export function renderThankYouEmail(type: ThankYouType, row: StoredSignup): RenderedEmail {
  return renderEmail(CONTENT[type](row, firstNameOf(type, row)));
}
