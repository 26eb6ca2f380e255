import {
  type FormCheck,
  FIELD_REQUIRED_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  isBlank,
  isValidEmail,
} from '@agentora/forms';
import {
  EMPTY_APPLICATION,
  trimmedApplication,
  type ApplicationFieldName,
  type ApplicationValues,
} from './application-values';
import { INVALID_URL_MESSAGE } from './messages';

export const REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'whyJoin',
] as const satisfies readonly ApplicationFieldName[];

const URL_FIELDS = [
  'linkedinUrl',
  'portfolioUrl',
] as const satisfies readonly ApplicationFieldName[];

// The shape the database's CHECK constraint accepts for the link columns.
const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;

/** Form order, so focus lands on the first problem a visitor sees. */
const FIELD_ORDER = Object.keys(EMPTY_APPLICATION) as ApplicationFieldName[];

export type ApplicationFieldErrors = Partial<Record<ApplicationFieldName, string>>;

export interface ApplicationProblems {
  /** The banner text: missing fields first, then the email, then a link. */
  message: string;
  fieldErrors: ApplicationFieldErrors;
  invalidFields: ApplicationFieldName[];
}

/** Every problem gets its own field message; undefined when the application may be sent. */
export function validateApplication(values: ApplicationValues): ApplicationProblems | undefined {
  const fieldErrors: ApplicationFieldErrors = {};
  for (const name of REQUIRED_FIELDS) {
    if (isBlank(values[name])) fieldErrors[name] = FIELD_REQUIRED_MESSAGE;
  }
  const missingRequired = Object.keys(fieldErrors).length > 0;
  if (!fieldErrors.email && !isValidEmail(values.email)) fieldErrors.email = INVALID_EMAIL_MESSAGE;
  for (const name of URL_FIELDS) {
    const link = values[name].trim();
    if (link !== '' && !HTTP_URL.test(link)) fieldErrors[name] = INVALID_URL_MESSAGE;
  }

  const invalidFields = FIELD_ORDER.filter((name) => fieldErrors[name] !== undefined);
  if (invalidFields.length === 0) return undefined;
  const message = missingRequired
    ? REQUIRED_FIELDS_MESSAGE
    : fieldErrors.email
      ? INVALID_EMAIL_MESSAGE
      : INVALID_URL_MESSAGE;
  return { message, fieldErrors, invalidFields };
}

/** The form's check on the site's submit flow: the trimmed values to send, or the problems. */
export function checkApplication(
  values: ApplicationValues,
): FormCheck<ApplicationValues, ApplicationFieldName> {
  const problems = validateApplication(values);
  return problems ? { ok: false, ...problems } : { ok: true, values: trimmedApplication(values) };
}
