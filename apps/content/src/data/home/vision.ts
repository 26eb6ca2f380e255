import { LAUNCH_YEAR } from '@agentora/data';
import type { Feature } from '../types';

export const VISION_PILLARS: readonly Feature[] = [
  {
    icon: 'cpu',
    title: 'Intelligent Automation',
    description:
      'Agents that take a goal, plan the steps and use your tools to finish the job, so people can focus on the work only people can do.',
  },
  {
    icon: 'layers',
    title: 'Decentralized Economy',
    description:
      'Creators anywhere publish agents, buyers anywhere run them, and compute is pooled across the globe instead of locked in one data centre.',
  },
  {
    icon: 'trending-up',
    title: 'Exponential Growth',
    description:
      'Every new agent makes the marketplace more useful, and every buyer review makes the next agent better.',
  },
];

export const VISION_STATEMENT = `By ${LAUNCH_YEAR}, AI agents will handle 80% of routine business operations. We are building the marketplace where those agents are discovered, bought, sold and deployed, so that every business can use them and every creator can earn from them.`;
