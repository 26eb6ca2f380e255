import type { LearningPath } from '../types';

/** The three learning paths of the Tutorials page. */
export const LEARNING_PATHS: readonly LearningPath[] = [
  {
    id: 'agent-builder',
    title: 'AI Agent Builder',
    description:
      'Learn to design, build and test agents from scratch, ready to list on the marketplace.',
    icon: 'code',
    level: 'Beginner',
    duration: '12 hours',
    tutorialCount: 8,
    milestones: [
      'Agent fundamentals',
      'Tools and memory',
      'Testing and evaluation',
      'Publishing your agent',
    ],
  },
  {
    id: 'business-automation',
    title: 'Business Automation',
    description:
      'Put ready-made agents to work across support, sales and operations without writing code.',
    icon: 'zap',
    level: 'Intermediate',
    duration: '8 hours',
    tutorialCount: 6,
    milestones: [
      'Choosing workflows',
      'No-code integrations',
      'Measuring results',
      'Rolling out to teams',
    ],
  },
  {
    id: 'creator-monetization',
    title: 'Creator Monetization',
    description:
      'Package, price and grow your agents as a business, from your first listing to steady passive income.',
    icon: 'dollar',
    level: 'Advanced',
    duration: '10 hours',
    tutorialCount: 7,
    milestones: [
      'Pricing models',
      'Listings that convert',
      'Reading your analytics',
      'Growing with reviews',
    ],
  },
];
