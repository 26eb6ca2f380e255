import { BRAND } from '@agentora/data';
import type { LegalSection } from '../types';

export const TERMS_INTRO = `These terms govern your use of the ${BRAND} pre-launch website and waitlist. By using the website or joining one of our lists, you agree to them.`;

/** The eleven sections of the terms of service (docs/product/content-pages.md). */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'pre-launch-nature',
    title: 'Pre-Launch Nature of the Service',
    blocks: [
      {
        kind: 'paragraph',
        text: `${BRAND} has not launched yet. This website describes a marketplace that is still being built. No transactions, agent uploads or purchases are live, and features described on the website may change before launch.`,
      },
    ],
  },
  {
    id: 'user-commitments',
    title: 'Your Commitments',
    blocks: [
      { kind: 'paragraph', text: 'When you use the website, you agree not to:' },
      {
        kind: 'list',
        items: [
          'Attempt unauthorized access to the website, its systems or other people’s data.',
          'Scrape, crawl or harvest content or data from the website by automated means.',
          'Harm, overload or interfere with the website or its infrastructure.',
        ],
      },
    ],
  },
  {
    id: 'waitlist-emails',
    title: 'Waitlist and Email Communications',
    blocks: [
      {
        kind: 'paragraph',
        text: 'By joining the waitlist, the early-access list or the newsletter, you consent to receive emails about the launch, product updates and related news. You can unsubscribe at any time with the link in any email.',
      },
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    blocks: [
      {
        kind: 'paragraph',
        text: `The website, its content, the ${BRAND} name and logo belong to ${BRAND} or its licensors. You may not copy, modify or redistribute them without our written permission.`,
      },
    ],
  },
  {
    id: 'future-marketplace-terms',
    title: 'Future Marketplace Terms',
    blocks: [
      {
        kind: 'paragraph',
        text: 'When the marketplace launches, creators who sell agents and buyers who purchase them will be asked to accept separate marketplace terms covering listings, licensing, payments and payouts. Those roles do not exist yet, and nothing in these terms creates them.',
      },
    ],
  },
  {
    id: 'third-party-tools',
    title: 'Third-Party Tools and Services',
    blocks: [
      {
        kind: 'paragraph',
        text: 'The website relies on third-party services, for example to store sign-ups and send emails, and may link to third-party sites such as our community chat. We are not responsible for the content or practices of third-party services, which have their own terms.',
      },
    ],
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    blocks: [
      {
        kind: 'paragraph',
        text: `The website is provided "as is" and "as available". To the fullest extent permitted by law, ${BRAND} is not liable for any indirect, incidental or consequential damages arising from your use of the website, or from plans, dates or features that change before launch.`,
      },
    ],
  },
  {
    id: 'termination',
    title: 'Termination',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We may suspend or end your access to the website, and remove you from the waitlist or our mailing lists, if you break these terms or misuse the website. You may stop using the website and ask to be removed from our lists at any time.',
      },
    ],
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We may update these terms as the product develops. We will change the effective date above, and continued use of the website after an update means you accept the new terms.',
      },
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    blocks: [
      {
        kind: 'paragraph',
        text: `These terms are governed by the laws of the jurisdiction in which ${BRAND} is registered, without regard to its conflict-of-law rules. Any dispute will be handled by the competent courts of that jurisdiction, unless the law where you live gives you the right to bring it elsewhere.`,
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    blocks: [
      { kind: 'paragraph', text: 'Questions about these terms? Get in touch:' },
      { kind: 'contact' },
    ],
  },
];
