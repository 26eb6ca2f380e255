import { choice, EMAIL, link, text, validateFields, type FieldValidation } from './field-rules.ts';

// The general_applications columns a visitor fills in, with the limits of the table's CHECK constraints
// (supabase/schemas/signups.sql). submit-application checks them before anything is uploaded; the
// careers form gives the same limits to its inputs.

export const APPLICATION_FIELD_RULES = {
  first_name: text(100, true),
  last_name: text(100, true),
  email: EMAIL,
  phone: text(50),
  location: text(200),
  linkedin_url: link(2048),
  portfolio_url: link(2048),
  current_role: text(200),
  current_company: text(200),
  experience_years: choice('0-1', '1-3', '3-5', '5-10', '10+'),
  skills: text(2000),
  why_join: text(5000, true),
  availability: choice('immediate', '2-weeks', '1-month', '2-months'),
  work_preference: choice('remote', 'hybrid', 'onsite', 'flexible'),
  salary_expectation: text(200),
  cover_letter: text(10000),
  hear_about_us: choice('website', 'linkedin', 'referral', 'job-board', 'social-media', 'other'),
} as const;

export type ApplicationColumn = keyof typeof APPLICATION_FIELD_RULES;
export type ApplicationRow = Record<ApplicationColumn, string | null>;

export type ApplicationValidation = FieldValidation<ApplicationColumn>;

/** The application's row from its submitted text fields (field-rules.ts's validateFields). */
export function validateApplicationFields(
  fields: ReadonlyMap<string, string>,
): ApplicationValidation {
  return validateFields(APPLICATION_FIELD_RULES, fields);
}
