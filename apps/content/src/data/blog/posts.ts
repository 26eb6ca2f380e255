import { BLOG_CATEGORIES, type BlogPost } from '../types';
import { AUTHORS } from './authors';
import { agentEconomy2026 } from './articles/agent-economy-2026';
import { agentsWorthPayingFor } from './articles/agents-worth-paying-for';
import { firstAgentDeployment } from './articles/first-agent-deployment';
import { sharedComputePool } from './articles/shared-compute-pool';
import { pricingYourAgent } from './articles/pricing-your-agent';

export { BLOG_CATEGORIES };

/** The five built-in posts, newest first; the featured one is the market analysis. */
export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 'ai-agent-economy-2026-market-analysis',
    title: 'The AI Agent Economy in 2026: A Market Analysis',
    excerpt:
      'Demand for AI agents is racing ahead of supply. We look at what agents cost to build today, where the money goes, and why a marketplace with shared compute changes the economics.',
    content: agentEconomy2026,
    category: 'Market Analysis',
    readTime: '8 min read',
    date: '2025-10-28',
    author: AUTHORS.maya,
    featured: true,
    tags: ['Market Trends', 'Agent Economy', 'Compute', '2026 Outlook'],
    image: {
      motif: 'market',
      palette: 'violet',
      alt: 'Rising bar chart with an upward trend line, illustrating the growth of the AI agent market',
    },
  },
  {
    id: 'what-makes-an-ai-agent-worth-paying-for',
    title: 'What Makes an AI Agent Worth Paying For?',
    excerpt:
      'Not everything called an agent is one. Five questions to ask, and the signals of quality to look for, before you spend money on an AI agent.',
    content: agentsWorthPayingFor,
    category: 'AI Agents',
    readTime: '6 min read',
    date: '2025-10-14',
    author: AUTHORS.daniel,
    featured: false,
    tags: ['Buyers', 'Evaluation', 'Trust'],
    image: {
      motif: 'shield',
      palette: 'emerald',
      alt: 'A shield with a check mark over a grid of connected agents, illustrating trust in AI agents',
    },
  },
  {
    id: 'deploying-your-first-ai-agent',
    title: 'Deploying Your First AI Agent: From Search to One-Click Run',
    excerpt:
      'A step-by-step walkthrough of discovering, buying and deploying a customer-support agent, and the three numbers to watch in its first week.',
    content: firstAgentDeployment,
    category: 'Tutorial',
    readTime: '7 min read',
    date: '2025-09-30',
    author: AUTHORS.daniel,
    featured: false,
    tags: ['Deployment', 'Getting Started', 'Shared Hosting'],
    image: {
      motif: 'terminal',
      palette: 'cyan',
      alt: 'A terminal window showing a deployment finishing successfully',
    },
  },
  {
    id: 'inside-the-shared-global-compute-pool',
    title: 'Inside the Shared Global Compute Pool',
    excerpt:
      'Most agents spend their lives waiting, and dedicated servers make you pay for it. How pooled scheduling, isolation and metering cut idle compute.',
    content: sharedComputePool,
    category: 'Technology',
    readTime: '7 min read',
    date: '2025-09-16',
    author: AUTHORS.sofia,
    featured: false,
    tags: ['Infrastructure', 'Compute', 'Scaling'],
    image: {
      motif: 'compute',
      palette: 'indigo',
      alt: 'A grid of processor chips linked into one pool, illustrating shared compute',
    },
  },
  {
    id: 'pricing-your-ai-agent',
    title: 'Pricing Your AI Agent: One-Time, Monthly or Pay-Per-Use',
    excerpt:
      'The three pricing models creators can choose at launch, when each one fits, and a simple plan for setting your first price.',
    content: pricingYourAgent,
    category: 'Business Strategy',
    readTime: '6 min read',
    date: '2025-09-02',
    author: AUTHORS.james,
    featured: false,
    tags: ['Pricing', 'Creators', 'Passive Income'],
    image: {
      motif: 'coins',
      palette: 'amber',
      alt: 'Stacks of coins growing from left to right, illustrating creator earnings',
    },
  },
];
