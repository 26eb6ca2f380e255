// The blog's articles as data: what every article's address, page title, sitemap entry, feed item,
// social card and structured data are made of. Their bodies and pictures belong to the content remote
// (apps/content/src/data/blog/posts.ts), which joins them to these by slug; the route table
// (routes.ts) gives each article its address, so the shell, the prerender and the build read the same
// list. Adding an article: docs/adding-a-route.md.
// Node runs this file as it is (the shell's build config): relative imports keep their .ts extension.
import { BRAND } from './constants.ts';

/** The blog's category select: 'All', then every category a post can have. */
export const BLOG_CATEGORIES = [
  'All',
  'AI Agents',
  'Market Analysis',
  'Tutorial',
  'Technology',
  'Case Study',
  'Business Strategy',
] as const;
export type BlogCategoryFilter = (typeof BLOG_CATEGORIES)[number];
/** A post's own category: any entry but the 'All' filter. */
export type BlogCategory = Exclude<BlogCategoryFilter, 'All'>;

/**
 * The query parameters of a filtered blog list (/blog?search=…&category=…): the list writes them,
 * and the route table knows the HTML (the unfiltered list) cannot show a page opened with them.
 */
export const BLOG_LIST_QUERY = { search: 'search', category: 'category' } as const;

export interface ArticleAuthor {
  name: string;
  role: string;
  bio: string;
  /** Shown in the drawn avatar. */
  initials: string;
}

export interface ArticleSummary {
  /** The last part of the article's address: /blog/<slug>. Never changes once published. */
  slug: string;
  title: string;
  /** The card's text, the page's description and the feed item's. */
  excerpt: string;
  category: BlogCategory;
  /** As shown, e.g. "7 min read". */
  readTime: string;
  /** Published, ISO date (YYYY-MM-DD). */
  date: string;
  /** Last changed in substance, ISO date; the sitemap's lastmod. Absent: never changed. */
  updated?: string;
  author: ArticleAuthor;
  featured: boolean;
  tags: readonly string[];
}

export const AUTHORS = {
  maya: {
    name: 'Maya Chen',
    role: 'Head of Research',
    initials: 'MC',
    bio: `Maya studies how automation changes the way companies buy software. Before ${BRAND} she spent eight years as a market analyst covering cloud infrastructure and developer tools.`,
  },
  daniel: {
    name: 'Daniel Okafor',
    role: 'Developer Advocate',
    initials: 'DO',
    bio: `Daniel helps creators package, price and ship their agents. He has built chat and workflow automations for support teams since before "agent" was a buzzword.`,
  },
  sofia: {
    name: 'Sofia Martins',
    role: 'Platform Engineer',
    initials: 'SM',
    bio: `Sofia works on the scheduling and isolation layer of the ${BRAND} compute pool. She cares about cold starts, fair sharing and boring, predictable bills.`,
  },
  james: {
    name: 'James Whitfield',
    role: 'Creator Partnerships Lead',
    initials: 'JW',
    bio: `James talks to AI creators every week about what they build and how they earn from it. He previously ran a marketplace for design templates.`,
  },
} as const satisfies Record<string, ArticleAuthor>;

/** The five built-in articles, newest first; the featured one is the market analysis. */
export const ARTICLES = [
  {
    slug: 'ai-agent-economy-2026-market-analysis',
    title: 'The AI Agent Economy in 2026: A Market Analysis',
    excerpt:
      'Demand for AI agents is racing ahead of supply. We look at what agents cost to build today, where the money goes, and why a marketplace with shared compute changes the economics.',
    category: 'Market Analysis',
    readTime: '8 min read',
    date: '2025-10-28',
    author: AUTHORS.maya,
    featured: true,
    tags: ['Market Trends', 'Agent Economy', 'Compute', '2026 Outlook'],
  },
  {
    slug: 'what-makes-an-ai-agent-worth-paying-for',
    title: 'What Makes an AI Agent Worth Paying For?',
    excerpt:
      'Not everything called an agent is one. Five questions to ask, and the signals of quality to look for, before you spend money on an AI agent.',
    category: 'AI Agents',
    readTime: '6 min read',
    date: '2025-10-14',
    author: AUTHORS.daniel,
    featured: false,
    tags: ['Buyers', 'Evaluation', 'Trust'],
  },
  {
    slug: 'deploying-your-first-ai-agent',
    title: 'Deploying Your First AI Agent: From Search to One-Click Run',
    excerpt:
      'A step-by-step walkthrough of discovering, buying and deploying a customer-support agent, and the three numbers to watch in its first week.',
    category: 'Tutorial',
    readTime: '7 min read',
    date: '2025-09-30',
    author: AUTHORS.daniel,
    featured: false,
    tags: ['Deployment', 'Getting Started', 'Shared Hosting'],
  },
  {
    slug: 'inside-the-shared-global-compute-pool',
    title: 'Inside the Shared Global Compute Pool',
    excerpt:
      'Most agents spend their lives waiting, and dedicated servers make you pay for it. How pooled scheduling, isolation and metering cut idle compute.',
    category: 'Technology',
    readTime: '7 min read',
    date: '2025-09-16',
    author: AUTHORS.sofia,
    featured: false,
    tags: ['Infrastructure', 'Compute', 'Scaling'],
  },
  {
    slug: 'pricing-your-ai-agent',
    title: 'Pricing Your AI Agent: One-Time, Monthly or Pay-Per-Use',
    excerpt:
      'The three pricing models creators can choose at launch, when each one fits, and a simple plan for setting your first price.',
    category: 'Business Strategy',
    readTime: '6 min read',
    date: '2025-09-02',
    author: AUTHORS.james,
    featured: false,
    tags: ['Pricing', 'Creators', 'Passive Income'],
  },
] as const satisfies readonly ArticleSummary[];

/** An article's slug: only these have an address, so a link to a made-up article does not compile. */
export type ArticleSlug = (typeof ARTICLES)[number]['slug'];

/** One of the site's articles: a summary whose slug is one of theirs. */
export interface Article extends ArticleSummary {
  slug: ArticleSlug;
}

/** The date an article last changed: its update, or its publication. */
export function articleModified(article: ArticleSummary): string {
  return article.updated ?? article.date;
}
