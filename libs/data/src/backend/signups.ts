import { insertRow } from './insert-row';
import { optionalText, requiredText } from './row-values';

export function insertEarlyAccessSignup(email: string): Promise<void> {
  return insertRow('early_access_signups', { email: requiredText(email) });
}

export function insertNewsletterSubscription(email: string): Promise<void> {
  return insertRow('newsletter_subscriptions', { email: requiredText(email) });
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
  });
}
