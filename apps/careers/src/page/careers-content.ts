import type { ComponentType } from 'react';
import {
  BookIcon,
  GlobeIcon,
  HeartIcon,
  RocketIcon,
  ShieldIcon,
  SparklesIcon,
  TrendingUpIcon,
  UsersIcon,
  ZapIcon,
  type IconProps,
} from '@agentora/ui';

export interface CareersHighlight {
  title: string;
  description: string;
  Icon: ComponentType<IconProps>;
}

export const VALUES: readonly CareersHighlight[] = [
  {
    title: 'Democratize AI',
    description:
      'We build so that any team, not only the largest, can put proven AI agents to work.',
    Icon: GlobeIcon,
  },
  {
    title: 'Community First',
    description: 'Creators and buyers shape the marketplace with us; we listen before we ship.',
    Icon: UsersIcon,
  },
  {
    title: 'Ship and Learn',
    description:
      'Small steps, real feedback, steady progress. We would rather learn from users than guess.',
    Icon: ZapIcon,
  },
  {
    title: 'Transparency',
    description: 'Open about how we work, how we decide and how the marketplace earns its money.',
    Icon: ShieldIcon,
  },
];

export const BENEFITS: readonly CareersHighlight[] = [
  {
    title: 'Remote-friendly',
    description: 'Work from where you do your best work, with hybrid and on-site options too.',
    Icon: GlobeIcon,
  },
  {
    title: 'Competitive pay and equity',
    description: 'A fair salary and a real stake in what we are building together.',
    Icon: TrendingUpIcon,
  },
  {
    title: 'Learning budget',
    description: 'Courses, books and conferences to keep you at the edge of AI.',
    Icon: BookIcon,
  },
  {
    title: 'Health and wellbeing',
    description: 'Health cover and the time off you need to rest and recharge.',
    Icon: HeartIcon,
  },
  {
    title: 'Early-stage impact',
    description: 'Join before launch and shape the product, the platform and the team.',
    Icon: RocketIcon,
  },
  {
    title: 'Cutting-edge work',
    description: 'Agents, a shared global compute pool and the marketplace that connects them.',
    Icon: SparklesIcon,
  },
];
