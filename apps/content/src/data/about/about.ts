import { BRAND, LAUNCH_YEAR } from '@agentora/data';
import type { Feature, Stat } from '../types';

export const MISSION = `${BRAND} exists to make AI agents as easy to find, trust and run as an app on your phone. We connect the people who build agents with the businesses that need them, and we give both sides a shared global compute pool so that nobody pays for servers that sit idle.`;

export const MISSION_DETAIL = `Today a single production agent can cost a company $50K-$500K and 6-12 months to build. We think that work should be done once, done well, and shared. Creators earn from every run; buyers get proven agents in seconds.`;

export const VISION_POINTS: readonly string[] = [
  'Every business, from a solo founder to an enterprise, can put proven AI agents to work in minutes.',
  'Creators anywhere earn passive income from the agents they build, with global distribution from day one.',
  'Compute is pooled and shared, so capacity follows demand and nothing is wasted.',
  'Quality is visible: ratings, reviews and real usage data guide every purchase.',
  'Agents handle the routine work, and people spend their time on the work only people can do.',
];

export const VALUES: readonly Feature[] = [
  {
    icon: 'globe',
    title: 'Democratize AI',
    description:
      'Powerful automation should not need a six-figure budget. We make proven agents affordable for everyone.',
  },
  {
    icon: 'users',
    title: 'Community First',
    description:
      'Creators and buyers shape the marketplace together, through feedback, ratings and open discussion.',
  },
  {
    icon: 'sparkles',
    title: 'Innovation',
    description:
      'We ship fast, learn from real usage and keep raising the bar for what an agent can do.',
  },
  {
    icon: 'shield',
    title: 'Transparency',
    description:
      'Clear pricing, honest metrics and plain-language terms. No hidden fees and no surprises.',
  },
];

export const ABOUT_NUMBERS: readonly Stat[] = [
  { value: '1000+', label: 'Agents at launch' },
  { value: '100+', label: 'Beta testers' },
  { value: '500+', label: 'Expected creators' },
  { value: String(LAUNCH_YEAR), label: 'Launch' },
];
