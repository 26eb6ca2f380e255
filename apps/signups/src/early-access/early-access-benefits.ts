import { LAUNCH_YEAR } from '@agentora/data';

// What joining early access promises (docs/product/sign-up-forms.md).
export const EARLY_ACCESS_BENEFITS: readonly string[] = [
  'Exclusive access for the first 1000 users',
  'Lifetime beta access to new features',
  'Priority support from our team',
  `50% off your first year at our ${LAUNCH_YEAR} launch`,
];
