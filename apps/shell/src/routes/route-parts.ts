// Which remote modules each route shows, as plain data: the shell's entry chunk reads it to start
// fetching the first page's modules before React and the rest of the shell have even downloaded.
// The route table renders the same parts (router.test.tsx checks the two agree).
import type { ExposeName, RemoteName } from '@agentora/contracts';
import { COMING_SOON_PATHS, type SitePath } from '@agentora/data/routes';

/** A remote module a route renders. */
export type RoutePart = { [R in RemoteName]: { remote: R; expose: ExposeName<R> } }[RemoteName];

const content = (expose: ExposeName<'content'>): readonly RoutePart[] => [{ remote: 'content', expose }];
const waitlist: readonly RoutePart[] = [{ remote: 'signups', expose: './WaitlistPage' }];

/**
 * The modules a route needs for its first screen. Sections further down (the home page's sign-up
 * sections, the footer form) load as the visitor scrolls towards them.
 */
export const ROUTE_PARTS: Readonly<Record<SitePath, readonly RoutePart[]>> = {
  '/': content('./HomePage'),
  '/about': content('./AboutPage'),
  '/blog': content('./BlogPage'),
  '/use-cases': content('./UseCasesPage'),
  '/how-it-works': content('./HowItWorksPage'),
  '/case-studies': content('./CaseStudiesPage'),
  '/tutorials': content('./TutorialsPage'),
  '/community': content('./CommunityPage'),
  '/careers': [{ remote: 'careers', expose: './CareersPage' }],
  '/privacy': content('./PrivacyPage'),
  '/terms': content('./TermsPage'),
  ...(Object.fromEntries(COMING_SOON_PATHS.map((path) => [path, waitlist])) as Record<(typeof COMING_SOON_PATHS)[number], readonly RoutePart[]>),
};

/** The remote modules the page at `pathname` shows first (none for an unknown path). */
export function partsForPath(pathname: string): readonly RoutePart[] {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(ROUTE_PARTS, normalized) ? ROUTE_PARTS[normalized as SitePath] : [];
}
