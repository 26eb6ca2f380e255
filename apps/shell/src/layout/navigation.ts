// The site's navigation (docs/product/shell-and-navigation.md, "Header" and "Footer"). Every target is a path of the
// route table.
import { PATHS, type SitePath } from '@agentora/data';

export interface NavLinkSpec {
  to: SitePath;
  label: string;
}

export const HEADER_LINKS: readonly NavLinkSpec[] = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.howItWorks, label: 'How It Works' },
  { to: PATHS.useCases, label: 'Use Cases' },
  { to: PATHS.blog, label: 'Blog' },
  { to: PATHS.about, label: 'About' },
];

export const HEADER_CTA: NavLinkSpec = { to: PATHS.comingSoon, label: 'Join Waitlist' };

export interface FooterColumn {
  title: string;
  links: readonly NavLinkSpec[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { to: PATHS.marketplace, label: 'Marketplace' },
      { to: PATHS.howItWorks, label: 'How It Works' },
      { to: PATHS.useCases, label: 'Use Cases' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: PATHS.blog, label: 'Blog' },
      { to: PATHS.caseStudies, label: 'Case Studies' },
      { to: PATHS.tutorials, label: 'Tutorials' },
      { to: PATHS.community, label: 'Community' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: PATHS.about, label: 'About' },
      { to: PATHS.careers, label: 'Careers' },
      { to: PATHS.comingSoon, label: 'Join Waitlist' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: PATHS.privacy, label: 'Privacy Policy' },
      { to: PATHS.terms, label: 'Terms of Service' },
    ],
  },
];
