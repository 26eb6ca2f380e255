import { isDuplicateKeyError, isRateLimitError } from './backend-error';
import { insertRow } from './insert-row';
import { invokeThankYouEmail, type ThankYouEmailType } from './thank-you-email';
import { optionalText, requiredText } from './row-values';
import { readAttribution } from '../growth/attribution-store';

/**
 * What a sign-up stores of the visit it came from (docs/growth.md): its source, and for a list that keeps
 * a line, the referral code of the link it came through (the database drops a code of no sign-up).
 */
function visitColumns(line: boolean): Record<string, string> {
  const { referred_by, ...source } = readAttribution();
  return line && referred_by ? { ...source, referred_by } : source;
}

export function insertEarlyAccessSignup(email: string): Promise<void> {
  return insertRow('early_access_signups', { email: requiredText(email), ...visitColumns(true) });
}

export function insertNewsletterSubscription(email: string): Promise<void> {
  return insertRow('newsletter_subscriptions', {
    email: requiredText(email),
    ...visitColumns(false),
  });
}

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

export function insertWaitlistSignup(fields: WaitlistFields): Promise<void> {
  return insertRow('waitlist_signups', {
    first_name: requiredText(fields.firstName),
    last_name: requiredText(fields.lastName),
    email: requiredText(fields.email),
    company: requiredText(fields.company),
    role: optionalText(fields.role),
    company_size: optionalText(fields.companySize),
    use_case: optionalText(fields.useCase),
    hear_about: optionalText(fields.hearAbout),
    ...visitColumns(true),
  });
}

/** The lists a visitor can join, as the thank-you mail names them. */
export type SignupList = Exclude<ThankYouEmailType, 'career'>;

/** What each list stores from its form. */
export interface SignupRows {
  early_access: { email: string };
  newsletter: { email: string };
  waitlist: WaitlistFields;
}

/** Why a sign-up was not stored: already on the list, over the rate limit, or anything else. */
export type SignupRefusal = 'duplicate' | 'rate_limited' | 'failed';

export type SignupResult = { ok: true; mailed: boolean } | { ok: false; reason: SignupRefusal };

const INSERTS: { [List in SignupList]: (row: SignupRows[List]) => Promise<void> } = {
  early_access: ({ email }) => insertEarlyAccessSignup(email),
  newsletter: ({ email }) => insertNewsletterSubscription(email),
  waitlist: (fields) => insertWaitlistSignup(fields),
};

/**
 * The one sign-up call of every list: insert the row → a duplicate or a rate limit is its own answer
 * → ask for the thank-you mail, with only the list and the address (the function queues it, and the
 * worker renders every word from the stored row) → whether it was queued, which counts as mailed. An
 * email failure is not a sign-up failure (docs/product/sign-up-forms.md). A duplicate also asks for a
 * fresh confirmation, which the function sends only if that sign-up is still unconfirmed; the answer is
 * the duplicate's either way. Never throws; an unexpected failure is logged.
 */
export async function signUp<List extends SignupList>(
  list: List,
  row: SignupRows[List],
): Promise<SignupResult> {
  try {
    await INSERTS[list](row);
  } catch (error) {
    if (isDuplicateKeyError(error)) {
      await invokeThankYouEmail({ type: list, email: row.email, again: true });
      return { ok: false, reason: 'duplicate' };
    }
    if (isRateLimitError(error)) return { ok: false, reason: 'rate_limited' };
    console.error(`The ${list} sign-up failed:`, error);
    return { ok: false, reason: 'failed' };
  }
  const mail = await invokeThankYouEmail({ type: list, email: row.email });
  if (!mail.success) console.error(`The ${list} thank-you email was not sent:`, mail.error);
  return { ok: true, mailed: mail.success };
}
