// The site's route table: every path a visitor can open, as plain data (no React), so the shell's
// entry chunk, the shell's router, the sitemap, the e2e suites and the benchmark all read the same
// entries. Adding a route is one entry here plus its page: docs/adding-a-route.md.
// Node runs this file as it is (the benchmark, the shell's build config): relative imports keep
// their .ts extension and the contract import is type-only.
import type { ExposedModuleRef } from '@agentora/contracts';
import { ARTICLES, BLOG_LIST_QUERY, type Article } from './articles.ts';
import { BRAND, SITE_URL } from './constants.ts';
import { articlePath, PATHS, type SitePath } from './paths.ts';

export { PATHS, type SitePath } from './paths.ts';

export interface SiteRoute {
  /**
   * The path (paths.ts), also the canonical URL's path. No route has parameters: each article is a
   * route of its own, made from the article list (articles.ts), so the table knows every address.
   */
  path: SitePath;
  /** The document title (and og:title). */
  title: string;
  /** The meta description (and og:description). */
  description: string;
  /** The remote module that renders the page. */
  page: ExposedModuleRef;
  /** Set on the paths that show the coming-soon screen for something not launched yet: its name. */
  comingSoon?: string;
  /**
   * Query parameters that make the page show something its prerendered HTML cannot (the HTML is
   * rendered without a query): opened with one, the page's code runs as soon as it opens. Otherwise,
   * as on every page, it runs once the visitor first points at, touches, focuses or types in the
   * page; until then the page reads and links as HTML, and nothing done in it is lost
   * (docs/prerendering.md).
   */
  hydrateAtLoadWith?: readonly string[];
  /**
   * Set on a page whose prerendered HTML can only say "loading" (it shows what a signed-in session
   * may see): its code runs as soon as it opens, whatever the query.
   */
  hydrateAtLoad?: true;
  /**
   * Set on pages no visitor is meant to find: those only a link in our mail leads to (they act on the
   * link's token) and the team's console. Kept out of the sitemap, and search engines are asked not
   * to index them.
   */
  noindex?: true;
  /**
   * Set on a page for the team, not for visitors (the console): no visitor reaches it, so the
   * visitors' speed budgets do not apply to it (`npm run bench` reports its numbers); its
   * accessibility budgets do.
   */
  staffOnly?: true;
  /** Set on an article's page: the article it shows (its social card, structured data, feed link). */
  article?: Article;
  /** Set on the pages that link the blog's feed in their head: the blog and its articles. */
  feed?: true;
}

const WAITLIST_PAGE = {
  remote: 'signups',
  expose: './WaitlistPage',
} as const satisfies ExposedModuleRef;
const WAITLIST_DESCRIPTION = `${BRAND} launches in 2026. Join the waitlist for early access, priority support and 50% off your first year.`;

/** One more path that shows the coming-soon screen (the waitlist page), titled after what is coming. */
function comingSoon<const P extends SitePath>(path: P, name: string) {
  return {
    path,
    title: `${name} — Coming Soon | ${BRAND}`,
    description: WAITLIST_DESCRIPTION,
    page: WAITLIST_PAGE,
    comingSoon: name,
  } as const;
}

/** The routes of the pages the site has whatever it publishes. */
const PAGE_ROUTES = [
  {
    path: PATHS.home,
    title: `${BRAND} — The Future of AI Agent Commerce`,
    description: `${BRAND} is the marketplace where AI agents are discovered, bought, sold and deployed on a shared global compute pool. Coming 2026.`,
    page: { remote: 'content', expose: './HomePage' },
  },
  {
    path: PATHS.about,
    title: `About | ${BRAND}`,
    description: `Why we are building ${BRAND}: our mission, vision and values, and the numbers behind the launch.`,
    page: { remote: 'content', expose: './AboutPage' },
  },
  {
    path: PATHS.blog,
    title: `Blog | ${BRAND}`,
    description: `Articles on AI agents, the agent economy, tutorials and market analysis from the ${BRAND} team.`,
    page: { remote: 'content', expose: './BlogPage' },
    // The list's search and category are in its address (?search=…&category=…), so a filtered list
    // can be linked and Back to Blog returns to it as it was; the HTML is the unfiltered list.
    hydrateAtLoadWith: Object.values(BLOG_LIST_QUERY),
    feed: true,
  },
  {
    path: PATHS.useCases,
    title: `Use Cases | ${BRAND}`,
    description:
      'Six kinds of AI agents and ten industries they serve: support, data analysis, e-commerce, email marketing, code review and content.',
    page: { remote: 'content', expose: './UseCasesPage' },
  },
  {
    path: PATHS.howItWorks,
    title: `How It Works | ${BRAND}`,
    description: `How creators list AI agents and buyers run them in one click on ${BRAND}'s shared compute pool.`,
    page: { remote: 'content', expose: './HowItWorksPage' },
  },
  {
    path: PATHS.caseStudies,
    title: `Case Studies | ${BRAND}`,
    description:
      'How companies in SaaS, e-commerce, healthcare and finance cut costs and time with AI agents.',
    page: { remote: 'content', expose: './CaseStudiesPage' },
  },
  {
    path: PATHS.tutorials,
    title: `Tutorials | ${BRAND}`,
    description:
      'Learning paths and tutorials for building, buying and deploying AI agents, from beginner to advanced.',
    page: { remote: 'content', expose: './TutorialsPage' },
  },
  {
    path: PATHS.community,
    title: `Community | ${BRAND}`,
    description: `Join the ${BRAND} community: discussions, events, top contributors and resources for AI agent builders.`,
    page: { remote: 'content', expose: './CommunityPage' },
  },
  {
    path: PATHS.careers,
    title: `Careers | ${BRAND}`,
    description: `Help build the marketplace for AI agents. Apply to join the ${BRAND} team.`,
    page: { remote: 'careers', expose: './CareersPage' },
  },
  {
    path: PATHS.privacy,
    title: `Privacy Policy | ${BRAND}`,
    description: `What ${BRAND} collects, why, and your rights over your data.`,
    page: { remote: 'content', expose: './PrivacyPage' },
  },
  {
    path: PATHS.terms,
    title: `Terms of Service | ${BRAND}`,
    description: `The terms for using the ${BRAND} pre-launch website and waitlist.`,
    page: { remote: 'content', expose: './TermsPage' },
  },
  {
    path: PATHS.privacyRequest,
    title: `Delete or Copy Your Data | ${BRAND}`,
    description: `Ask ${BRAND} to delete every record it holds for your email address, or to show you a copy of them, with your résumé.`,
    page: { remote: 'signups', expose: './PrivacyRequestPage' },
    // Its mail link (?action=…&token=…) opens another page in its place: delete, or see, your data.
    hydrateAtLoadWith: ['token'],
  },
  {
    path: PATHS.emailConfirm,
    title: `Confirm Your Email | ${BRAND}`,
    description: `Confirm that your email address signed up for ${BRAND}'s early access list, waitlist or newsletter.`,
    page: { remote: 'signups', expose: './EmailConfirmPage' },
    noindex: true,
  },
  {
    path: PATHS.emailUnsubscribe,
    title: `Unsubscribe | ${BRAND}`,
    description: `Stop ${BRAND}'s emails from a list you signed up to; we keep only what it takes to never email you from it again.`,
    page: { remote: 'signups', expose: './EmailUnsubscribePage' },
    noindex: true,
  },
  {
    path: PATHS.emailPlace,
    title: `Your Place in Line | ${BRAND}`,
    description: `See your place in line for ${BRAND}'s early access list or waitlist, and your referral link.`,
    page: { remote: 'signups', expose: './EmailPlacePage' },
    // Its mail link (?token=…) shows the place at once: the page reads it as it opens.
    hydrateAtLoadWith: ['token'],
    noindex: true,
  },
  {
    path: PATHS.comingSoon,
    title: `Join the Waitlist | ${BRAND}`,
    description: WAITLIST_DESCRIPTION,
    page: WAITLIST_PAGE,
  },
  comingSoon(PATHS.marketplace, 'Marketplace'),
  comingSoon(PATHS.documentation, 'Documentation'),
  comingSoon(PATHS.api, 'API'),
  comingSoon(PATHS.press, 'Press'),
  comingSoon(PATHS.contact, 'Contact'),
  comingSoon(PATHS.cookies, 'Cookie Policy'),
  comingSoon(PATHS.gdpr, 'GDPR'),
  {
    path: PATHS.console,
    title: `Console | ${BRAND}`,
    description: `${BRAND}'s team console: sign-ups and applications, for staff only.`,
    page: { remote: 'backoffice', expose: './ConsolePage' },
    hydrateAtLoad: true,
    noindex: true,
    staffOnly: true,
  },
] as const satisfies readonly SiteRoute[];

/** An article's route: its address, its title and excerpt as the page's, the content remote's page. */
function articleRoute(article: Article) {
  return {
    path: articlePath(article.slug),
    title: `${article.title} | ${BRAND} Blog`,
    description: article.excerpt,
    page: { remote: 'content', expose: './BlogArticlePage' },
    article,
    feed: true,
  } as const satisfies SiteRoute;
}

/** Every route of the site, in the order the sitemap and the benchmark list them. */
export const SITE_ROUTES: readonly SiteRoute[] = [...PAGE_ROUTES, ...ARTICLES.map(articleRoute)];

/** The routes search engines should know: every route but the pages of mail links. */
export const INDEXED_ROUTES: readonly SiteRoute[] = SITE_ROUTES.filter(
  (route: SiteRoute) => route.noindex !== true,
);

/** Every path of the table, in its order. */
export const SITE_PATHS: readonly SitePath[] = SITE_ROUTES.map((route) => route.path);

const ROUTES_BY_PATH: ReadonlyMap<string, SiteRoute> = new Map(
  SITE_ROUTES.map((route) => [route.path, route]),
);

/** The route a location's pathname shows, ignoring trailing slashes; undefined for an unknown path. */
export function findRoute(pathname: string): SiteRoute | undefined {
  return ROUTES_BY_PATH.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);
}

/** When the page's code takes over its prerendered HTML, opened at `search` (SiteRoute.hydrateAtLoadWith). */
export function hydrationOf(route: SiteRoute, search: string): 'when-used' | 'at-load' {
  const params = new URLSearchParams(search);
  return route.hydrateAtLoad || route.hydrateAtLoadWith?.some((name) => params.has(name))
    ? 'at-load'
    : 'when-used';
}

/** The canonical URL of a path: the site's origin, and no trailing slash on the home page. */
export function canonicalUrl(path: string): string {
  return `${SITE_URL}${path === '/' ? '' : path}`;
}
