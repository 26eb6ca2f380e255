import type { Feature } from '../types';

/** The hero's three feature cards, carrying the product's launch claims. */
export const HERO_FEATURES: readonly Feature[] = [
  {
    icon: 'sparkles',
    title: '1000+ Agents Ready',
    description:
      'Over 1000 proven AI agents ready at launch, for support, sales, data, operations and more.',
  },
  {
    icon: 'globe',
    title: 'Global Compute Pool',
    description:
      'Every agent runs on a shared global pool of compute, so you pay for runs instead of idle servers.',
  },
  {
    icon: 'zap',
    title: 'Zero Setup',
    description: 'No servers and no infrastructure work: deployment takes seconds, with one click.',
  },
];
