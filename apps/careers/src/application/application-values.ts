import type { ApplicationFields } from '@agentora/data';

/** The form's state: one string per field, named as the backend call names them. */
export type ApplicationValues = ApplicationFields;
export type ApplicationFieldName = keyof ApplicationValues;

export const EMPTY_APPLICATION: ApplicationValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  location: '',
  linkedinUrl: '',
  portfolioUrl: '',
  currentRole: '',
  currentCompany: '',
  experienceYears: '',
  skills: '',
  whyJoin: '',
  availability: '',
  workPreference: '',
  salaryExpectation: '',
  coverLetter: '',
  hearAboutUs: '',
};

/**
 * The longest value each text field takes: the general_applications CHECK constraints' limits, so a
 * visitor can never type something the database will refuse. Select fields need none.
 */
export const APPLICATION_MAX_LENGTH = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 50,
  location: 200,
  linkedinUrl: 2048,
  portfolioUrl: 2048,
  currentRole: 200,
  currentCompany: 200,
  skills: 2000,
  whyJoin: 5000,
  salaryExpectation: 200,
  coverLetter: 10000,
} as const satisfies Partial<Record<ApplicationFieldName, number>>;

/**
 * What is sent: every value trimmed. The database stores a blank optional field as NULL and refuses
 * whitespace-only text, so stray spaces must not reach it.
 */
export function trimmedApplication(values: ApplicationValues): ApplicationValues {
  const entries = Object.entries(values).map(([name, value]) => [name, value.trim()]);
  return Object.fromEntries(entries) as ApplicationValues;
}
