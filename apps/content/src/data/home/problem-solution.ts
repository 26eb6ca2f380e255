import type { ChallengeSolution, Stat } from '../types';

/** Four current challenges, each answered by a solution (home Problem/Solution section). */
export const CHALLENGES_AND_SOLUTIONS: readonly ChallengeSolution[] = [
  {
    challenge: {
      icon: 'dollar',
      title: 'Costly to build',
      description: 'A production-grade AI agent typically costs $50K-$500K to build in-house.',
    },
    solution: {
      icon: 'dollar',
      title: 'Ready-made agents',
      description: 'Buy proven agents for $10-$1000, or pay per use, instead of funding a project.',
    },
  },
  {
    challenge: {
      icon: 'clock',
      title: 'Slow to ship',
      description:
        'Building, testing and hardening an agent takes 6-12 months before it does real work.',
    },
    solution: {
      icon: 'zap',
      title: 'Deploy in seconds',
      description: 'Pick an agent, connect your tools and run it with one click the same day.',
    },
  },
  {
    challenge: {
      icon: 'cpu',
      title: 'Wasted compute',
      description: 'Around 70% of compute provisioned for agents sits idle between bursts of work.',
    },
    solution: {
      icon: 'globe',
      title: 'Shared global pool',
      description:
        'Agents draw on a pooled compute network that scales automatically, so nobody pays for idle servers.',
    },
  },
  {
    challenge: {
      icon: 'search',
      title: 'Hard to find and trust',
      description:
        'Good agents are scattered across repos and demos, with no way to compare quality before you buy.',
    },
    solution: {
      icon: 'shield',
      title: 'One trusted marketplace',
      description:
        'Every agent is listed with ratings, reviews, usage analytics and 24/7 support and monitoring.',
    },
  },
];

export const PROBLEM_SOLUTION_STATS: readonly Stat[] = [
  { value: '90%', label: 'Cost reduction' },
  { value: '10x', label: 'Faster setup' },
  { value: '10x', label: 'Productivity' },
];
