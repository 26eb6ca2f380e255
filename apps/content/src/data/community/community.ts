import { BRAND, PATHS } from '@agentora/data';
import type {
  CommunityEvent,
  CommunityPlatform,
  CommunityResource,
  Contributor,
  Discussion,
  Stat,
} from '../types';

export const COMMUNITY_STATS: readonly Stat[] = [
  { value: '100+', label: 'Beta testers' },
  { value: '500+', label: 'Expected creators' },
  { value: '15,000+', label: 'Tutorial students' },
  { value: '50+', label: 'Success stories' },
];

/** Four places the community meets; each opens at launch, so every card links to /coming-soon. */
export const COMMUNITY_PLATFORMS: readonly CommunityPlatform[] = [
  {
    id: 'forum',
    name: 'Discussion Forum',
    icon: 'chat',
    description: 'Ask questions, share what you built and get answers from creators and buyers.',
    action: 'Visit the forum',
  },
  {
    id: 'creator-hub',
    name: 'Creator Hub',
    icon: 'code',
    description: 'Starter kits, listing guides and office hours for people who build agents.',
    action: 'Explore the hub',
  },
  {
    id: 'showcase',
    name: 'Agent Showcase',
    icon: 'star',
    description: 'See agents the community is proud of and vote for the ones you want next.',
    action: 'Browse the showcase',
  },
  {
    id: 'meetups',
    name: 'Local Meetups',
    icon: 'users',
    description: 'Meet other agent builders in your city, or start a chapter of your own.',
    action: 'Find a meetup',
  },
];

export const DISCUSSIONS: readonly Discussion[] = [
  {
    id: 'pay-per-use-pricing',
    title: 'How are you pricing pay-per-use agents?',
    author: 'Priya Sharma',
    category: 'Creators',
    excerpt:
      'Per 100 uses seems to be the sweet spot for support agents. What are you charging, and how did you decide?',
    replies: 48,
    views: 1260,
    lastActivity: '2025-11-18',
  },
  {
    id: 'private-vs-shared',
    title: 'Shared Hosted or Private Deployment for healthcare data?',
    author: 'Ravi Patel',
    category: 'Buyers',
    excerpt:
      'Our compliance team wants everything in our own cloud. Has anyone run a private deployment through a security review?',
    replies: 31,
    views: 874,
    lastActivity: '2025-11-17',
  },
  {
    id: 'evaluating-agents',
    title: 'A checklist for testing an agent before you publish it',
    author: 'Daniel Okafor',
    category: 'Best Practices',
    excerpt:
      'Sharing the 20 edge cases I run every agent through before a release. Add yours below.',
    replies: 67,
    views: 2310,
    lastActivity: '2025-11-15',
  },
  {
    id: 'no-code-chains',
    title: 'Chaining two agents without code: email triage into support',
    author: 'Hannah Schultz',
    category: 'No-Code',
    excerpt:
      'Got a triage agent handing tickets to a support agent with a visual workflow. Here is the setup and what broke.',
    replies: 22,
    views: 640,
    lastActivity: '2025-11-12',
  },
];

export const COMMUNITY_EVENTS: readonly CommunityEvent[] = [
  {
    id: 'agent-builders-kickoff',
    title: 'Agent Builders Kickoff',
    description:
      'Meet the team, see the marketplace ahead of launch and bring your questions about listing agents.',
    date: '2026-01-22',
    time: '17:00 UTC',
    format: 'Online',
    location: 'Live stream',
    host: `${BRAND} team`,
    spots: 500,
  },
  {
    id: 'pricing-workshop',
    title: 'Workshop: Pricing Your First Agent',
    description:
      'A hands-on session on one-time, monthly and pay-per-use pricing, with real creator numbers.',
    date: '2026-02-12',
    time: '16:00 UTC',
    format: 'Online',
    location: 'Live workshop',
    host: 'James Whitfield',
    spots: 150,
  },
  {
    id: 'berlin-meetup',
    title: 'AI Agents Meetup Berlin',
    description:
      'Lightning talks from beta testers, demos of agents in production and an evening of conversation.',
    date: '2026-03-05',
    time: '18:30 CET',
    format: 'Hybrid',
    location: 'Berlin and online',
    host: 'Community chapter Berlin',
    spots: 120,
  },
];

export const TOP_CONTRIBUTORS: readonly Contributor[] = [
  {
    id: 'priya',
    name: 'Priya Sharma',
    initials: 'PS',
    role: 'No-code automation creator',
    contributions: 214,
    badge: 'Top Creator',
    palette: 'violet',
  },
  {
    id: 'daniel',
    name: 'Daniel Okafor',
    initials: 'DO',
    role: 'Developer advocate',
    contributions: 189,
    badge: 'Mentor',
    palette: 'cyan',
  },
  {
    id: 'hannah',
    name: 'Hannah Schultz',
    initials: 'HS',
    role: 'Operations lead, beta tester',
    contributions: 142,
    badge: 'Beta Pioneer',
    palette: 'emerald',
  },
  {
    id: 'ravi',
    name: 'Ravi Patel',
    initials: 'RP',
    role: 'Healthcare IT architect',
    contributions: 97,
    badge: 'Helpful Answerer',
    palette: 'amber',
  },
];

export const COMMUNITY_RESOURCES: readonly CommunityResource[] = [
  {
    id: 'tutorials',
    title: 'Tutorials',
    description: 'Learning paths and hands-on tutorials from beginner to advanced.',
    icon: 'book',
    to: PATHS.tutorials,
    linkLabel: 'Browse tutorials',
  },
  {
    id: 'blog',
    title: 'Blog',
    description: 'Market analysis, guides and news from the team.',
    icon: 'file',
    to: PATHS.blog,
    linkLabel: 'Read the blog',
  },
  {
    id: 'case-studies',
    title: 'Case Studies',
    description: 'How beta teams put agents to work, with before-and-after numbers.',
    icon: 'chart',
    to: PATHS.caseStudies,
    linkLabel: 'See case studies',
  },
  {
    id: 'how-it-works',
    title: 'How It Works',
    description: 'How creators list agents and buyers run them in one click.',
    icon: 'layers',
    to: PATHS.howItWorks,
    linkLabel: 'Learn how it works',
  },
];
