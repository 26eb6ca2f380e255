import { BRAND, PLACES_PER_REFERRAL } from '@agentora/data';
import type { LegalSection } from '../types';

export const PRIVACY_INTRO = `This policy explains what ${BRAND} collects when you use our pre-launch website, why we collect it, and the choices you have. We collect as little as we can, and we never sell your data.`;

/** The eight sections of the privacy policy (docs/product/content-pages.md). */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    blocks: [
      { kind: 'paragraph', text: 'We only collect what you choose to give us:' },
      {
        kind: 'list',
        items: [
          'Your email address, when you join the early-access list, the waitlist or the newsletter, or subscribe on the community page.',
          'Your name, if you choose to provide it (it is optional unless a form marks it as required).',
          'The messages you send us through a contact or application form, with any details you include in them.',
          // The visit's source: libs/data/src/growth/attribution-store.ts, docs/growth.md.
          'Where your visit came from, stored with a sign-up or application you send: the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign), the name of the website that linked to us (its host name only, never the page), and the first page of ours you opened. Your browser keeps these in the session storage of that tab only: it is not a cookie and it is gone when you close the tab. The campaign tags and the linking website also go with the visit counts described under Cookies and analytics, which keep only totals.',
          'If you join the early-access list or the waitlist: your own referral code, and, if you came through a friend’s referral link, that you were referred by them.',
        ],
      },
    ],
  },
  {
    id: 'how-we-use-your-information',
    title: 'How We Use Your Information',
    blocks: [
      { kind: 'paragraph', text: 'We use your information to:' },
      {
        kind: 'list',
        items: [
          'Send you the launch updates, newsletters and early-access news you signed up for.',
          'Reply to your messages and review applications.',
          `Understand interest in ${BRAND} so we can plan the launch, and which links and websites bring people to it.`,
          `Give each confirmed early-access or waitlist sign-up its place in line. Each friend who joins through your referral link and confirms their email moves you up ${PLACES_PER_REFERRAL} places. A referral moves you nowhere when it is your own address, uses a disposable mailbox, or is one of too many in an hour from one connection or for one link. We never show anyone else’s place, email address or name.`,
        ],
      },
      { kind: 'paragraph', text: 'We do not sell, rent or trade your personal information.' },
      {
        kind: 'paragraph',
        text: 'We ask you to confirm your email address before we send you anything else. A sign-up that is not confirmed within 30 days is deleted, and a job application, with its résumé, is deleted 12 months after it arrives.',
      },
    ],
  },
  {
    id: 'cookies-and-analytics',
    title: 'Cookies and Analytics',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We may use essential cookies to keep the website working, and privacy-friendly analytics to understand how pages are used in aggregate (for example, which pages are visited most). You can block or delete cookies in your browser settings; the website will keep working.',
      },
      {
        kind: 'paragraph',
        // The visit counts: libs/data/src/growth/visit-beacon.ts, public.visit_counts.
        text: 'To count visits, each page you open tells us, once it has loaded, its address, whether it was the first page of your visit, and where the visit came from (the campaign tags and the linking website described above). We keep only totals: the number of page views per day, page and source. No cookie is set, nothing identifies you or your browser, and your IP address is not stored with the counts. Like every form on this website, the counter limits how many requests one address can send: for that, the address is kept apart from the counts, for at most a day, and then deleted.',
      },
      {
        kind: 'paragraph',
        // The remote health reports: apps/shell/src/federation/remote-health.ts, public.remote_health.
        text: 'Each page also tells us whether its parts loaded, so that we notice a broken version of the website. We keep only totals per day and version. So that one connection counts only once a day, its IP address is kept with the versions it reported for that day (UTC) only, apart from the totals, and deleted once the day is over.',
      },
      {
        kind: 'paragraph',
        // The release bucket: apps/shell/src/federation/release-bucket.ts.
        text: "Your browser also keeps one random number from 0 to 99 in its local storage. It decides whether you see a new version of a part of the website before everyone else does, so that you keep seeing the same version while we try it. It is not a cookie, says nothing about you, and is never sent to us. Clearing your browser's site data removes it.",
      },
    ],
  },
  {
    id: 'third-party-services',
    title: 'Third-Party Mailing Services',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We use trusted third-party services to store sign-ups and to send emails on our behalf. They process your data only to provide that service to us, under their own security and privacy commitments, and not for their own marketing.',
      },
      {
        kind: 'paragraph',
        // The lists' audience in Resend: docs/audience.md.
        text: 'Our emails are sent by Resend, which also keeps our mailing lists for us. Once you confirm your email address for the newsletter, the early-access list or the waitlist, your address becomes a contact in that list in Resend, which we use to send the newsletter and, to the early-access list and the waitlist, the news of our launch. When you unsubscribe, your address leaves that list in Resend; when you leave every list or ask us to delete your data, Resend deletes the contact too; if our emails to your address can no longer be delivered or you mark one as spam, the contact is marked unsubscribed. The unsubscribe link in a newsletter sent from Resend takes you off all our lists, here as well as in Resend.',
      },
    ],
  },
  {
    id: 'data-security',
    title: 'Data Security',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We protect your information with encryption in transit, access controls that keep sign-up data private, and by limiting who on our team can see it. No method of transmission or storage is perfectly secure, but we work to protect your data and will tell you promptly if a breach affects you.',
      },
    ],
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    blocks: [
      { kind: 'paragraph', text: 'You are in control of your data. At any time you can:' },
      {
        kind: 'list',
        items: [
          'Ask to view the data we hold about you.',
          'Ask us to delete your data.',
          'Unsubscribe from our emails with the link in any message, or by writing to us.',
        ],
      },
      { kind: 'data-request' },
    ],
  },
  {
    id: 'updates-to-this-policy',
    title: 'Updates to This Policy',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We may update this policy as the product grows, for example when the marketplace launches. We will change the effective date above, and for significant changes we will tell you by email before they apply.',
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact Us',
    blocks: [
      { kind: 'paragraph', text: 'Questions about this policy or your data? Get in touch:' },
      { kind: 'contact' },
    ],
  },
];
