import type { SignUpError } from '@agentora/backend-rules/function-answers';
import type { SignUpRequestBody } from '@agentora/backend-rules/signup-fields';
import { callJsonFunction, failureOf, FunctionError } from './client';
import { readAttribution } from '../growth/attribution-store';

/** The lists a visitor can join with the sign-up forms. */
export type SignupList = SignUpRequestBody['list'];

/** The waitlist form's fields (docs/product/sign-up-forms.md); all strings, '' when left empty. */
export interface WaitlistFields {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  role: string;
  /** '1-10' | '11-50' | '51-200' | '201-1000' | '1000+' or '' */
  companySize: string;
  useCase: string;
  /** 'search' | 'social' | 'referral' | 'blog' | 'event' | 'other' or '' */
  hearAbout: string;
}

/** What each list's form sends. */
export interface SignupRows {
  early_access: { email: string };
  newsletter: { email: string };
  waitlist: WaitlistFields;
}

/**
 * Why a sign-up was not stored: already on the list, over the rate limit, the bot check refused the
 * visitor or could not be asked, or anything else (no answer included).
 */
export type SignupRefusal =
  'duplicate' | 'rate_limited' | 'bot_check_failed' | 'bot_check_unavailable' | 'failed';

export type SignupResult = { ok: true; mailed: boolean } | { ok: false; reason: SignupRefusal };

/** Each form's fields by the columns the sign-up function takes (rules/signup-fields.ts). */
const FIELDS: { [List in SignupList]: (row: SignupRows[List]) => Record<string, string> } = {
  early_access: ({ email }) => ({ email }),
  newsletter: ({ email }) => ({ email }),
  waitlist: (fields) => ({
    first_name: fields.firstName,
    last_name: fields.lastName,
    email: fields.email,
    company: fields.company,
    role: fields.role,
    company_size: fields.companySize,
    use_case: fields.useCase,
    hear_about: fields.hearAbout,
  }),
};

/** Where the lists with a line take the referral code of the link the visitor came by. */
const KEEPS_REFERRAL: Readonly<Record<SignupList, boolean>> = {
  early_access: true,
  newsletter: false,
  waitlist: true,
};

const REFUSALS: ReadonlySet<string> = new Set<SignUpError>([
  'duplicate',
  'rate_limited',
  'bot_check_failed',
  'bot_check_unavailable',
]);

/**
 * The one sign-up call of every list: one request to the sign-up function with the form's fields, the
 * visit's source (docs/growth.md), for a list with a line the referral code of the link the visitor came
 * by, and the bot check's token. The function checks the token, then the fields, stores the row and
 * queues its confirmation in one transaction, and answers whether the mail is queued, which counts as
 * mailed. A duplicate's answer is the same whether or not a fresh confirmation went out. Never throws; an
 * unexpected failure is logged.
 */
export async function signUp<List extends SignupList>(
  list: List,
  row: SignupRows[List],
  botCheckToken: string,
): Promise<SignupResult> {
  const { referred_by, ...source } = readAttribution();
  const body: SignUpRequestBody = {
    list,
    fields: FIELDS[list](row),
    source,
    ...(KEEPS_REFERRAL[list] && referred_by ? { referred_by } : {}),
    bot_check: botCheckToken,
  };
  try {
    const answer = await callJsonFunction('sign-up', { body: { ...body } });
    return { ok: true, mailed: answer?.emailSent === true };
  } catch (error) {
    if (error instanceof FunctionError && error.refusal && REFUSALS.has(error.refusal))
      return { ok: false, reason: error.refusal as SignupRefusal };
    const failure = failureOf(error);
    if (failure === 'rate_limited') return { ok: false, reason: 'rate_limited' };
    console.error(`The ${list} sign-up failed:`, error);
    return { ok: false, reason: 'failed' };
  }
}
