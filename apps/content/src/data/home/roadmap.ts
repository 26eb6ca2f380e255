import type { RoadmapItem } from '../types';

/** Q1 2026 is in progress (green); Q2 to Q4 are planned. */
export const ROADMAP: readonly RoadmapItem[] = [
  {
    quarter: 'Q1 2026',
    title: 'Foundation & Beta',
    status: 'In Progress',
    icon: 'rocket',
    color: 'success',
    items: ['Core marketplace', 'First 100 agents', 'Beta with 50 companies', 'Compute pool'],
  },
  {
    quarter: 'Q2 2026',
    title: 'Platform Launch',
    status: 'Planned',
    icon: 'globe',
    color: 'accent',
    items: ['1,000+ agents', 'Payments and billing', 'Creator onboarding'],
  },
  {
    quarter: 'Q3 2026',
    title: 'Scale & Optimize',
    status: 'Planned',
    icon: 'trending-up',
    color: 'highlight',
    items: ['10,000+ agents', 'Advanced analytics', 'API partnerships', 'Mobile app'],
  },
  {
    quarter: 'Q4 2026',
    title: 'Enterprise & Security',
    status: 'Planned',
    icon: 'shield',
    color: 'accent',
    items: [
      'Private deployment for enterprises',
      'Single sign-on and team roles',
      'Security audits and compliance',
      'Enterprise SLAs',
    ],
  },
];
