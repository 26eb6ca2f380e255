import { EMAIL_BRAND } from '../rules/brand.ts';
import { placeText, REFERRAL_OFFER, type LineList } from '../rules/places.ts';
import { GREETING, paragraph, renderEmail, type RenderedEmail } from './render.ts';

/** The links of a place mail (render-queued-mail.ts builds them from the message's tokens). */
export interface PlaceLinks {
  siteUrl: string;
  /** The sign-up's own referral link (emailLinks.referral). */
  referral: string;
  /** The place page with this mail's place token (emailLinks.placePage). */
  placePage: string;
  unsubscribe: string;
  privacy: string;
}

export interface PlaceMail {
  list: LineList;
  /** The place when the mail is sent (take_mail_batch computes it then). */
  position: number;
}

const LIST_NAMES: Readonly<Record<LineList, string>> = {
  early_access: 'early access list',
  waitlist: 'waitlist',
};

/**
 * The mail a line sign-up gets once it confirmed its address (docs/growth.md): its place, its referral
 * link and what a referral is worth, and the link to its place page for later. It goes to a confirmed
 * address only, and still carries nothing the sign-up typed (docs/security.md, "What a mail may carry"):
 * every word is ours, and the values are the place and the links we made.
 */
export function renderPlaceEmail(mail: PlaceMail, links: PlaceLinks): RenderedEmail {
  const place = placeText(mail.position);
  const list = `the ${EMAIL_BRAND.name} ${LIST_NAMES[mail.list]}`;
  return renderEmail(
    {
      subject: `You're ${place} on ${list}`,
      heading: 'Your place in line',
      blocks: [
        GREETING,
        paragraph(`Thanks for confirming your email. You're `, { strong: place }, ` on ${list}.`),
        paragraph({ strong: 'Move up with your referral link' }),
        paragraph(REFERRAL_OFFER),
        paragraph('Your link: ', { link: { label: links.referral, url: links.referral } }),
        paragraph(
          'Places change as others join and refer their friends. To see your place later, open ',
          { link: { label: 'your place page', url: links.placePage } },
          '.',
        ),
      ],
      footerLinks: [
        { label: 'Unsubscribe', url: links.unsubscribe },
        { label: 'See or delete your data', url: links.privacy },
      ],
    },
    { siteUrl: links.siteUrl },
  );
}
