/** How a copy names the columns of a stored record; a column not named here shows as it is stored. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'Record id',
  email: 'Email',
  created_at: 'Received',
  confirmed_at: 'Confirmed',
  thank_you_sent_at: 'Welcome email sent',
  legacy_duplicate_mailbox: 'Duplicate of an earlier sign-up',
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  role: 'Role',
  company_size: 'Company size',
  use_case: 'Use case',
  hear_about: 'How you heard about us',
  phone: 'Phone',
  location: 'Location',
  linkedin_url: 'LinkedIn',
  portfolio_url: 'Portfolio',
  current_role: 'Current role',
  current_company: 'Current company',
  experience_years: 'Years of experience',
  skills: 'Skills',
  why_join: 'Why you want to join',
  availability: 'Availability',
  work_preference: 'Work preference',
  salary_expectation: 'Salary expectation',
  resume_filename: 'Résumé file name',
  cover_letter: 'Cover letter',
  hear_about_us: 'How you heard about us',
  status: 'Status',
  list: 'List',
  unsubscribed_on: 'Unsubscribed on',
  last_sign_up_on: 'Signed up again on',
};

/** The record kinds of a copy, in the order the page shows them. */
export const RECORD_KINDS = [
  ['early_access', 'Early access sign-ups'],
  ['newsletter', 'Newsletter subscriptions'],
  ['waitlist', 'Waitlist sign-ups'],
  ['applications', 'Job applications'],
  ['suppressions', 'Lists you unsubscribed from'],
] as const;

/** A stored value as text: timestamps in UTC, yes/no, '—' for nothing. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
