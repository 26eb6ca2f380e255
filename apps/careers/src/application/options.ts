import type { SelectOption } from '@agentora/ui';

// Values are the stored ones (docs/product/careers.md) and match the database CHECK constraints; labels are what
// visitors read.

export const EXPERIENCE_OPTIONS: readonly SelectOption[] = [
  { value: '0-1', label: '0-1 years' },
  { value: '1-3', label: '1-3 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '5-10', label: '5-10 years' },
  { value: '10+', label: '10+ years' },
];

export const AVAILABILITY_OPTIONS: readonly SelectOption[] = [
  { value: 'immediate', label: 'Immediately' },
  { value: '2-weeks', label: '2 weeks notice' },
  { value: '1-month', label: '1 month notice' },
  { value: '2-months', label: '2 months notice' },
];

export const WORK_PREFERENCE_OPTIONS: readonly SelectOption[] = [
  { value: 'remote', label: 'Remote' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'onsite', label: 'On-site' },
  { value: 'flexible', label: 'Flexible' },
];

export const HEAR_ABOUT_US_OPTIONS: readonly SelectOption[] = [
  { value: 'website', label: 'Company Website' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'referral', label: 'Employee Referral' },
  { value: 'job-board', label: 'Job Board' },
  { value: 'social-media', label: 'Social Media' },
  { value: 'other', label: 'Other' },
];
