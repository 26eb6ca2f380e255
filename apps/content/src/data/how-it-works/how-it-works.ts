import { BRAND } from '@agentora/data';
import type { Feature, ProcessStep } from '../types';

export const CREATOR_STEPS: readonly ProcessStep[] = [
  {
    step: 1,
    icon: 'code',
    title: 'Create & Host',
    description: `Build your agent with the tools you like. Host it on your own server, on third-party hosting, or on ${BRAND}'s shared hosting.`,
  },
  {
    step: 2,
    icon: 'upload',
    title: 'List Your Agent',
    description:
      'Describe what it does and choose how it is priced: one-time, monthly, or pay-per-use (for example, per 100 uses).',
  },
  {
    step: 3,
    icon: 'shield',
    title: 'We Handle the Rest',
    description:
      'Licensing, payment split, your earnings dashboard, API key masking, support and reviews are taken care of.',
  },
];

export const BUYER_STEPS: readonly ProcessStep[] = [
  {
    step: 1,
    icon: 'search',
    title: 'Find',
    description:
      'Search agents by industry, function and price, and compare ratings, reviews and usage data.',
  },
  {
    step: 2,
    icon: 'layers',
    title: 'Choose Your Setup',
    description:
      'Pick Shared Hosted for a one-click run on the global compute pool, or Private Deployment inside your own environment.',
  },
  {
    step: 3,
    icon: 'rocket',
    title: 'Run',
    description:
      'Connect your tools, run the agent and monitor every result. It scales automatically with your demand.',
  },
];

export const CREATOR_BENEFITS: readonly string[] = [
  'Passive income from every sale and run',
  'Global distribution to buyers everywhere',
  'Built-in analytics and an earnings dashboard',
  'Community feedback and ratings',
  'Your API keys and prompts stay masked',
];

export const BUYER_BENEFITS_PAGE: readonly string[] = [
  'Instant access to proven agents',
  'Pay-per-use pricing with no upfront build cost',
  'Pooled compute that scales automatically',
  '24/7 support and monitoring',
  'One-click run on shared hosting',
];

/** What the product guarantees each side: the "trust bridge". */
export const TRUST_BRIDGE: readonly Feature[] = [
  {
    icon: 'lock',
    title: 'Protected intellectual property',
    description:
      'API keys are masked and agent internals stay with their creator, so creators can sell without giving their work away.',
  },
  {
    icon: 'dollar',
    title: 'Fair, automatic payments',
    description:
      'Licensing and the payment split are settled on every sale and run, with earnings visible in real time.',
  },
  {
    icon: 'star',
    title: 'Verified quality',
    description:
      'Ratings and reviews from real buyers, plus published usage data, show which agents deliver.',
  },
  {
    icon: 'chat',
    title: 'Support on both sides',
    description:
      'Buyers get 24/7 support and monitoring; creators get help with listing, pricing and feedback.',
  },
];

export const AUDIENCES: readonly Feature[] = [
  {
    icon: 'rocket',
    title: 'Startups',
    description: 'Cover support, sales and operations before you can hire for them.',
  },
  {
    icon: 'sparkles',
    title: 'No-code founders',
    description: 'Put agents to work without writing or hosting code.',
  },
  {
    icon: 'users',
    title: 'Business teams',
    description: 'Automate your own workflows without waiting on engineering.',
  },
  {
    icon: 'shield',
    title: 'Enterprises',
    description: 'Deploy proven agents privately, with your own security controls.',
  },
  {
    icon: 'code',
    title: 'Developers',
    description: 'Publish the agents you build and reach buyers worldwide.',
  },
  {
    icon: 'cpu',
    title: 'AI creators',
    description: 'Turn your expertise into agents that earn while you sleep.',
  },
];

/** A worked example of one creator and one buyer meeting on the marketplace. */
export const EXAMPLE_USE_CASE = {
  title: 'A support agent, from creator to customer',
  creator:
    'Priya, a developer, builds a customer-support agent for online shops. She hosts it on shared hosting, lists it on the marketplace and prices it pay-per-use at $5 per 100 uses.',
  buyer:
    'A small e-commerce team finds her agent by filtering for e-commerce support, reads the reviews and starts it with one click on Shared Hosted. By the afternoon it is answering order questions around the clock.',
  outcome:
    "The team pays only for the conversations the agent handles. Priya sees every run on her earnings dashboard and is paid automatically, and the team's review helps the next buyer decide.",
} as const;

export const PRICING_MODELS: readonly Feature[] = [
  { icon: 'dollar', title: 'One-time', description: 'Pay once for a licence to run the agent.' },
  {
    icon: 'calendar',
    title: 'Monthly',
    description: 'A subscription for agents you rely on every day.',
  },
  {
    icon: 'zap',
    title: 'Pay-per-use',
    description: 'Pay only for what you run, for example per 100 uses.',
  },
];

export const ACCESS_METHODS: readonly Feature[] = [
  {
    icon: 'globe',
    title: 'Shared Hosted',
    description: 'One-click run on the shared global compute pool. Nothing to set up.',
  },
  {
    icon: 'lock',
    title: 'Private Deployment',
    description: 'The same agent, deployed inside your own environment for sensitive data.',
  },
];
