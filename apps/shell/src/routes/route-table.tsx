import type { ReactNode } from 'react';
import type { ExposeName } from '@agentora/contracts';
import { BRAND } from '@agentora/data';
import { RemotePart } from '../federation/RemotePart';

export interface SiteRoute {
  path: string;
  title: string;
  description: string;
  render: () => ReactNode;
}

const content = (expose: ExposeName<'content'>) => ({
  render: () => <RemotePart remote="content" expose={expose} props={{}} variant="page" />,
});
const waitlist = {
  render: () => <RemotePart remote="signups" expose="./WaitlistPage" props={{}} variant="page" />,
};

const WAITLIST_DESCRIPTION = `${BRAND} launches in 2026. Join the waitlist for early access, priority support and 50% off your first year.`;

/** The paths that show the coming-soon screen (the waitlist page), with the name of what is coming. */
const COMING_SOON_ALIASES: ReadonlyArray<readonly [path: string, label: string]> = [
  ['/marketplace', 'Marketplace'],
  ['/documentation', 'Documentation'],
  ['/api', 'API'],
  ['/press', 'Press'],
  ['/contact', 'Contact'],
  ['/cookies', 'Cookie Policy'],
  ['/gdpr', 'GDPR'],
];

/** Every route of the spec's table. No route has parameters. */
export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    title: `${BRAND} — The Future of AI Agent Commerce`,
    description: `${BRAND} is the marketplace where AI agents are discovered, bought, sold and deployed on a shared global compute pool. Coming 2026.`,
    render: () => (
      <RemotePart
        remote="content"
        expose="./HomePage"
        variant="page"
        props={{
          earlyAccessSlot: <RemotePart remote="signups" expose="./EarlyAccessSection" props={{}} variant="section" minHeight="24rem" load="near-viewport" />,
          newsletterSlot: <RemotePart remote="signups" expose="./NewsletterSignup" props={{}} variant="section" minHeight="16rem" load="near-viewport" />,
        }}
      />
    ),
  },
  { path: '/about', title: `About | ${BRAND}`, description: `Why we are building ${BRAND}: our mission, vision and values, and the numbers behind the launch.`, ...content('./AboutPage') },
  { path: '/blog', title: `Blog | ${BRAND}`, description: `Articles on AI agents, the agent economy, tutorials and market analysis from the ${BRAND} team.`, ...content('./BlogPage') },
  { path: '/use-cases', title: `Use Cases | ${BRAND}`, description: 'Six kinds of AI agents and ten industries they serve: support, data analysis, e-commerce, email marketing, code review and content.', ...content('./UseCasesPage') },
  { path: '/how-it-works', title: `How It Works | ${BRAND}`, description: `How creators list AI agents and buyers run them in one click on ${BRAND}'s shared compute pool.`, ...content('./HowItWorksPage') },
  { path: '/case-studies', title: `Case Studies | ${BRAND}`, description: 'How companies in SaaS, e-commerce, healthcare and finance cut costs and time with AI agents.', ...content('./CaseStudiesPage') },
  { path: '/tutorials', title: `Tutorials | ${BRAND}`, description: 'Learning paths and tutorials for building, buying and deploying AI agents, from beginner to advanced.', ...content('./TutorialsPage') },
  { path: '/community', title: `Community | ${BRAND}`, description: `Join the ${BRAND} community: discussions, events, top contributors and resources for AI agent builders.`, ...content('./CommunityPage') },
  { path: '/careers', title: `Careers | ${BRAND}`, description: `Help build the marketplace for AI agents. Apply to join the ${BRAND} team.`, render: () => <RemotePart remote="careers" expose="./CareersPage" props={{}} variant="page" /> },
  { path: '/privacy', title: `Privacy Policy | ${BRAND}`, description: `What ${BRAND} collects, why, and your rights over your data.`, ...content('./PrivacyPage') },
  { path: '/terms', title: `Terms of Service | ${BRAND}`, description: `The terms for using the ${BRAND} pre-launch website and waitlist.`, ...content('./TermsPage') },
  { path: '/coming-soon', title: `Join the Waitlist | ${BRAND}`, description: WAITLIST_DESCRIPTION, ...waitlist },
  ...COMING_SOON_ALIASES.map(([path, label]) => ({
    path,
    title: `${label} — Coming Soon | ${BRAND}`,
    description: WAITLIST_DESCRIPTION,
    ...waitlist,
  })),
];
