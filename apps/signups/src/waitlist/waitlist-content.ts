import type { ComponentType } from 'react';
import { LAUNCH_YEAR } from '@agentora/data';
import {
  CalendarIcon,
  CpuIcon,
  DollarIcon,
  SparklesIcon,
  StarIcon,
  ZapIcon,
  type IconProps,
} from '@agentora/ui';

export interface Highlight {
  icon: ComponentType<IconProps>;
  value: string;
  label: string;
}

/** The three info cards under the headline. */
export const WAITLIST_INFO_CARDS: readonly Highlight[] = [
  { icon: CalendarIcon, value: String(LAUNCH_YEAR), label: 'Expected launch date' },
  { icon: CpuIcon, value: '1000+', label: 'AI agents ready at launch' },
  { icon: StarIcon, value: 'Early Access', label: 'Exclusive benefits for early members' },
];

/** The strip of benefits under the form. */
export const WAITLIST_BENEFITS: readonly Highlight[] = [
  { icon: DollarIcon, value: '50% Off', label: 'Your first year' },
  { icon: ZapIcon, value: 'Priority', label: 'Support and features' },
  { icon: SparklesIcon, value: 'Lifetime', label: 'Beta access' },
];
