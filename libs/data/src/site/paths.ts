// Every path of the site, by name: the one place a path is written. The route table
// (routes.ts) gives each its page, title and description; links name a path (`PATHS.comingSoon`)
// and never write one, which the lint rule `agentora/no-route-literals` enforces. A small module of
// its own, exported by @agentora/data (a shared singleton), so a remote's links do not bring the
// whole route table with them.
// Node runs this file as it is (the benchmark, the shell's build config).
export const PATHS = {
  home: '/',
  about: '/about',
  blog: '/blog',
  useCases: '/use-cases',
  howItWorks: '/how-it-works',
  caseStudies: '/case-studies',
  tutorials: '/tutorials',
  community: '/community',
  careers: '/careers',
  privacy: '/privacy',
  terms: '/terms',
  privacyRequest: '/privacy/erase',
  emailConfirm: '/email/confirm',
  emailUnsubscribe: '/email/unsubscribe',
  comingSoon: '/coming-soon',
  marketplace: '/marketplace',
  documentation: '/documentation',
  api: '/api',
  press: '/press',
  contact: '/contact',
  cookies: '/cookies',
  gdpr: '/gdpr',
} as const;

/** A path of the site: what every internal link takes, so a made-up path does not compile. */
export type SitePath = (typeof PATHS)[keyof typeof PATHS];
