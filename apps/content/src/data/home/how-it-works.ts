import type { ProcessStep } from '../types';

/** The four steps of the home How It Works section. */
export const HOME_STEPS: readonly ProcessStep[] = [
  {
    step: 1,
    icon: 'search',
    title: 'Discover',
    description: 'Browse the marketplace and filter agents by industry, function and price.',
  },
  {
    step: 2,
    icon: 'dollar',
    title: 'Purchase',
    description: 'Buy once or subscribe, whichever fits how often you will run the agent.',
  },
  {
    step: 3,
    icon: 'rocket',
    title: 'Deploy',
    description: 'Launch on our global compute network in one click; it scales automatically.',
  },
  {
    step: 4,
    icon: 'trending-up',
    title: 'Scale',
    description: 'Monitor every run, optimize costs and add agents as your needs grow.',
  },
];

export const BUYER_BENEFITS: readonly string[] = [
  'Instant access to proven agents',
  'Pay-per-use pricing',
  'Pooled compute, no servers to manage',
  '24/7 support and monitoring',
  'One-click run',
];

export const SELLER_BENEFITS: readonly string[] = [
  'Passive income from every sale and run',
  'Global distribution to buyers everywhere',
  'Built-in analytics for your agents',
  'Community feedback and ratings',
];

/** Audiences named next to each list. */
export const BUYER_AUDIENCE = 'Startups, no-code founders, business teams and enterprises';
export const SELLER_AUDIENCE = 'AI creators and developers';
