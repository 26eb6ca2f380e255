import type { WaitlistFields } from '@agentora/data';
import { EMAIL_MAX_LENGTH } from '../validation/email';

/**
 * The waitlist form's fields (docs/product/sign-up-forms.md), all strings, all starting empty: the
 * row the sign-up call stores.
 */
export type WaitlistFormValues = WaitlistFields;

export type WaitlistFieldName = keyof WaitlistFormValues;

export const EMPTY_WAITLIST_VALUES: Readonly<WaitlistFormValues> = Object.freeze({
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  role: '',
  companySize: '',
  useCase: '',
  hearAbout: '',
});

/** Form order, which is also the order focus looks for the first invalid field. */
export const WAITLIST_FIELD_NAMES: readonly WaitlistFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'company',
  'role',
  'companySize',
  'useCase',
  'hearAbout',
];

export const WAITLIST_REQUIRED_FIELDS: readonly WaitlistFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'company',
];

/** The database's length limits for the free-text fields, given to the inputs so nothing longer is typed. */
export const WAITLIST_MAX_LENGTH = {
  firstName: 100,
  lastName: 100,
  email: EMAIL_MAX_LENGTH,
  company: 200,
  role: 200,
  useCase: 2000,
} as const satisfies Partial<Record<WaitlistFieldName, number>>;

export interface WaitlistOption {
  value: string;
  label: string;
}

/** Company size buckets (docs/product/sign-up-forms.md); the stored value is the bucket itself. */
export const COMPANY_SIZE_OPTIONS: readonly WaitlistOption[] = [
  '1-10',
  '11-50',
  '51-200',
  '201-1000',
  '1000+',
].map((value) => ({
  value,
  label: `${value} employees`,
}));

export const HEAR_ABOUT_OPTIONS: readonly WaitlistOption[] = [
  { value: 'search', label: 'Google Search' },
  { value: 'social', label: 'Social Media' },
  { value: 'referral', label: 'Friend/Colleague' },
  { value: 'blog', label: 'Blog/Article' },
  { value: 'event', label: 'Conference/Event' },
  { value: 'other', label: 'Other' },
];
