import type { Attribution } from './attribution.ts';
import {
  choice,
  EMAIL,
  text,
  validateFields,
  type FieldRule,
  type FieldValidation,
} from './field-rules.ts';
import type { MailList } from './mail-lists.ts';

// The three lists a visitor joins with one request to the sign-up function, and the columns each form
// fills in, with the limits and options of the tables' CHECK constraints (supabase/schemas/signups.sql).
// The function checks a request with these before anything is stored; the forms send these names.

export const SIGNUP_LISTS = ['early_access', 'newsletter', 'waitlist'] as const;
export type SignupList = (typeof SIGNUP_LISTS)[number] & MailList;

export function isSignupList(value: unknown): value is SignupList {
  return typeof value === 'string' && (SIGNUP_LISTS as readonly string[]).includes(value);
}

export const WAITLIST_COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const WAITLIST_HEAR_ABOUT = [
  'search',
  'social',
  'referral',
  'blog',
  'event',
  'other',
] as const;

export const SIGNUP_FIELD_RULES = {
  early_access: { email: EMAIL },
  newsletter: { email: EMAIL },
  waitlist: {
    first_name: text(100, true),
    last_name: text(100, true),
    email: EMAIL,
    company: text(200, true),
    role: text(200),
    company_size: choice(...WAITLIST_COMPANY_SIZES),
    use_case: text(2000),
    hear_about: choice(...WAITLIST_HEAR_ABOUT),
  },
} as const;

export type SignupColumn<List extends SignupList> = keyof (typeof SIGNUP_FIELD_RULES)[List] &
  string;
export type SignupRow<List extends SignupList> = Record<SignupColumn<List>, string | null>;

/** The lists that keep a line, whose sign-ups may carry the referral code of the link they came by. */
export const REFERRAL_LISTS: readonly SignupList[] = ['early_access', 'waitlist'];

/** A list's row from the form's fields (field-rules.ts's validateFields). */
export function validateSignupFields<List extends SignupList>(
  list: List,
  fields: ReadonlyMap<string, string>,
): FieldValidation<SignupColumn<List>> {
  const rules = SIGNUP_FIELD_RULES[list] as Readonly<Record<SignupColumn<List>, FieldRule>>;
  return validateFields(rules, fields);
}

/**
 * What a form sends to the sign-up function: the list, the form's fields by column, the visit's source
 * (docs/growth.md), the referral code of the link it came by (lists with a line only), and the bot
 * check's token (rules/bot-check.ts).
 */
export interface SignUpRequestBody<List extends SignupList = SignupList> {
  list: List;
  fields: Partial<Record<SignupColumn<List>, string>>;
  source?: Attribution;
  referred_by?: string;
  bot_check: string;
}
