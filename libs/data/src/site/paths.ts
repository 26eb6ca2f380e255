// Every path of the site, by name: the one place a path is written. The route table
// (routes.ts) gives each its page, title and description; links name a path (`PATHS.comingSoon`)
// and never write one, which the lint rule `agentora/no-route-literals` enforces. A small module of
// its own, exported by @agentora/data (a shared singleton), so a remote's links do not bring the
// whole route table with them.
// Node runs this file as it is (the benchmark, the shell's build config).
import type { ArticleSlug } from './articles.ts';

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
  emailPlace: '/email/place',
  comingSoon: '/coming-soon',
  marketplace: '/marketplace',
  documentation: '/documentation',
  api: '/api',
  press: '/press',
  contact: '/contact',
  cookies: '/cookies',
  gdpr: '/gdpr',
  /** The team's console (staff only): linked from nowhere on the site. */
  console: '/console',
} as const;

/** An article's address: the blog's path and the article's slug (articles.ts). */
export type ArticlePath = `${typeof PATHS.blog}/${ArticleSlug}`;

/**
 * A path of the site: what every internal link takes, so a made-up path, or an article that does
 * not exist, does not compile.
 */
export type SitePath = (typeof PATHS)[keyof typeof PATHS] | ArticlePath;

/** The address of the article `slug`. */
export function articlePath(slug: ArticleSlug): ArticlePath {
  return `${PATHS.blog}/${slug}`;
}

/** Files the site serves beside its pages (not pages: no route, no link in the navigation). */
export const SITE_FILES = {
  /** The blog's RSS 2.0 feed: every article, newest first. */
  blogFeed: `${PATHS.blog}/rss.xml`,
  sitemap: '/sitemap.xml',
  /** The site's icon as a file (180 px): phones' home screens, and the publisher's logo. */
  appleTouchIcon: '/apple-touch-icon.png',
  robots: '/robots.txt',
  /** The social card of every page that has none of its own (1200×630 PNG, made by the build). */
  siteCard: '/og/site.png',
} as const;

/** The social card of the article `slug` (1200×630 PNG, made by the shell's build). */
export function articleCardPath(slug: string): `/og/blog/${string}.png` {
  return `/og/blog/${slug}.png`;
}
