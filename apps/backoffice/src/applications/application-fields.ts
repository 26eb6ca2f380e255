/** An application's fields in the order the careers form asks for them, with the console's labels. */
export const APPLICATION_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['location', 'Location'],
  ['linkedin_url', 'LinkedIn'],
  ['portfolio_url', 'Portfolio'],
  ['current_role', 'Current role'],
  ['current_company', 'Current company'],
  ['experience_years', 'Years of experience'],
  ['skills', 'Skills'],
  ['why_join', 'Why Agentora'],
  ['availability', 'Availability'],
  ['work_preference', 'Work preference'],
  ['salary_expectation', 'Salary expectation'],
  ['cover_letter', 'Cover letter'],
  ['hear_about_us', 'Heard about us'],
  ['created_at', 'Applied'],
] as const;

/** Fields shown elsewhere on the page, or not meant for people (storage paths, mail bookkeeping). */
const NOT_LISTED = new Set(['id', 'status', 'history', 'resume_path', 'resume_filename']);

const LISTED: ReadonlySet<string> = new Set(APPLICATION_FIELDS.map(([key]) => key));

/** Any field the database sends that the list above does not name yet, so nothing stays hidden. */
export function otherFields(application: Record<string, unknown>): string[] {
  return Object.keys(application).filter((key) => !LISTED.has(key) && !NOT_LISTED.has(key));
}

export const isWebAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);
