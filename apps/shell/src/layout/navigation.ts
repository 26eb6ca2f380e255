// The site's navigation (docs/product/shell-and-navigation.md, "Header" and "Footer"). Every target is a path of the
// route table.
export interface NavLinkSpec {
  to: string;
  label: string;
}

export const HEADER_LINKS: readonly NavLinkSpec[] = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/use-cases', label: 'Use Cases' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
];

export const HEADER_CTA: NavLinkSpec = { to: '/coming-soon', label: 'Join Waitlist' };

export interface FooterColumn {
  title: string;
  links: readonly NavLinkSpec[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { to: '/marketplace', label: 'Marketplace' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/use-cases', label: 'Use Cases' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/case-studies', label: 'Case Studies' },
      { to: '/tutorials', label: 'Tutorials' },
      { to: '/community', label: 'Community' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/coming-soon', label: 'Join Waitlist' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
];
