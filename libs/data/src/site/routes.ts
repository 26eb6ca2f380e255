/**
 * Every path of the spec's route table (§2). No route has parameters. The shell's route table,
 * the sitemap, the e2e suites and the benchmark all check themselves against this one list.
 */
export const SITE_PATHS = [
  '/',
  '/about',
  '/blog',
  '/use-cases',
  '/how-it-works',
  '/case-studies',
  '/tutorials',
  '/community',
  '/careers',
  '/privacy',
  '/terms',
  '/coming-soon',
  '/marketplace',
  '/documentation',
  '/api',
  '/press',
  '/contact',
  '/cookies',
  '/gdpr',
] as const;

export type SitePath = (typeof SITE_PATHS)[number];

/** The paths that show the coming-soon screen, which is the waitlist sign-up page. */
export const COMING_SOON_PATHS = ['/coming-soon', '/marketplace', '/documentation', '/api', '/press', '/contact', '/cookies', '/gdpr'] as const satisfies readonly SitePath[];
