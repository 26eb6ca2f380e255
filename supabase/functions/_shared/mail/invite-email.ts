import { EMAIL_BRAND } from '../rules/brand.ts';
import { placeText, type LineList } from '../rules/places.ts';
import { GREETING, paragraph, renderEmail, type Block, type RenderedEmail } from './render.ts';

/** The links of an invitation or its reminder (render-queued-mail.ts builds them from the tokens). */
export interface InviteLinks {
  siteUrl: string;
  /** Into the product: PRODUCT_URL?invite=<token>, the member's own, single-use. */
  join: string;
  unsubscribe: string;
  privacy: string;
}

/** What the mail says of the invitation: the list, the member's place when invited, the link's end. */
export interface InviteMail {
  list: LineList;
  place: number;
  /** An ISO time; the mail shows its UTC day. */
  expiresAt: string;
}

const LIST_NAMES: Readonly<Record<LineList, string>> = {
  early_access: 'early access list',
  waitlist: 'waitlist',
};

/** "6 January 2027": the day the link stops working, in UTC (the same day for every render). */
export function expiryDay(expiresAt: string): string {
  return new Date(expiresAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function joinBlocks(mail: InviteMail, links: InviteLinks): Block[] {
  return [
    { kind: 'button', link: { label: `Join ${EMAIL_BRAND.name}`, url: links.join } },
    paragraph(
      `This link is yours alone: it works once, until ${expiryDay(mail.expiresAt)} (UTC). If the button does not work, open `,
      { link: { label: links.join, url: links.join } },
    ),
  ];
}

function footer(links: InviteLinks) {
  return [
    { label: 'Unsubscribe', url: links.unsubscribe },
    { label: 'See or delete your data', url: links.privacy },
  ];
}

/**
 * A launch wave's invitation (docs/launch-waves.md): the member's place has come up, and the button
 * leads into the product with a link of their own. It goes to a confirmed sign-up, and still carries
 * nothing the sign-up typed (docs/security.md, "What a mail may carry"): every word is ours, and the
 * values are the place, the day and the links we made.
 */
export function renderInviteEmail(mail: InviteMail, links: InviteLinks): RenderedEmail {
  const { name } = EMAIL_BRAND;
  const waitlist = mail.list === 'waitlist';
  return renderEmail(
    {
      subject: `You're invited to ${name}`,
      heading: "You're invited",
      blocks: [
        GREETING,
        paragraph(
          'You were ',
          { strong: placeText(mail.place) },
          ` on ${name}'s ${LIST_NAMES[mail.list]}, and your place has come up: you're invited to ${name} `,
          'ahead of the public launch.',
        ),
        ...(waitlist
          ? [
              paragraph({ strong: 'What you keep as a waitlist member' }),
              {
                kind: 'list' as const,
                items: [
                  '50% off the first year',
                  'Priority support and features',
                  'Lifetime beta access',
                ],
              },
            ]
          : []),
        ...joinBlocks(mail, links),
      ],
      footerLinks: footer(links),
    },
    { siteUrl: links.siteUrl },
  );
}

/** The wave's one reminder, to an invitee who has not joined: the same link, while it still works. */
export function renderInviteReminderEmail(mail: InviteMail, links: InviteLinks): RenderedEmail {
  const { name } = EMAIL_BRAND;
  return renderEmail(
    {
      subject: `Your invitation to ${name} is waiting`,
      heading: 'Your invitation is waiting',
      blocks: [
        GREETING,
        paragraph(
          `You were invited to ${name} ahead of the public launch, from your place on our `,
          `${LIST_NAMES[mail.list]}, and your invitation has not been used yet.`,
        ),
        ...joinBlocks(mail, links),
      ],
      footerLinks: footer(links),
    },
    { siteUrl: links.siteUrl },
  );
}
