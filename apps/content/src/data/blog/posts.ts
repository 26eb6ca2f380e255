import { ARTICLES, BLOG_CATEGORIES, type ArticleSlug } from '@agentora/data';
import type { Artwork, BlogPost } from '../types';
import { agentEconomy2026 } from './articles/agent-economy-2026';
import { agentsWorthPayingFor } from './articles/agents-worth-paying-for';
import { firstAgentDeployment } from './articles/first-agent-deployment';
import { sharedComputePool } from './articles/shared-compute-pool';
import { pricingYourAgent } from './articles/pricing-your-agent';

export { BLOG_CATEGORIES };

/**
 * What this remote adds to each article of the site's list (@agentora/data's ARTICLES, which gives
 * its address, title, date and author): its body and its picture. Keyed by slug, so an article
 * without a body, or a body without an article, fails the typecheck.
 */
const ARTICLE_PARTS: Record<ArticleSlug, { content: string; image: Artwork }> = {
  'ai-agent-economy-2026-market-analysis': {
    content: agentEconomy2026,
    image: {
      motif: 'market',
      palette: 'violet',
      alt: 'Rising bar chart with an upward trend line, illustrating the growth of the AI agent market',
    },
  },
  'what-makes-an-ai-agent-worth-paying-for': {
    content: agentsWorthPayingFor,
    image: {
      motif: 'shield',
      palette: 'emerald',
      alt: 'A shield with a check mark over a grid of connected agents, illustrating trust in AI agents',
    },
  },
  'deploying-your-first-ai-agent': {
    content: firstAgentDeployment,
    image: {
      motif: 'terminal',
      palette: 'cyan',
      alt: 'A terminal window showing a deployment finishing successfully',
    },
  },
  'inside-the-shared-global-compute-pool': {
    content: sharedComputePool,
    image: {
      motif: 'compute',
      palette: 'indigo',
      alt: 'A grid of processor chips linked into one pool, illustrating shared compute',
    },
  },
  'pricing-your-ai-agent': {
    content: pricingYourAgent,
    image: {
      motif: 'coins',
      palette: 'amber',
      alt: 'Stacks of coins growing from left to right, illustrating creator earnings',
    },
  },
};

/** The five built-in posts, newest first; the featured one is the market analysis. */
export const BLOG_POSTS: readonly BlogPost[] = ARTICLES.map((article) => ({
  ...article,
  ...ARTICLE_PARTS[article.slug],
}));
