import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../validation/email';
import { REQUIRED_FIELDS_MESSAGE } from '../validation/messages';
import { FIELD_REQUIRED_MESSAGE, isBlank } from '../validation/required-field';
import {
  WAITLIST_FIELD_NAMES,
  WAITLIST_REQUIRED_FIELDS,
  type WaitlistFieldName,
  type WaitlistFormValues,
} from './waitlist-fields';

export type WaitlistFieldErrors = Partial<Record<WaitlistFieldName, string>>;

export type WaitlistValidation =
  /** `values` trimmed, ready to send. */
  | { ok: true; values: WaitlistFormValues }
  /** `message` is the banner text (docs/product/sign-up-forms.md); `invalidFields` in form order, for focus. */
  | {
      ok: false;
      message: string;
      fieldErrors: WaitlistFieldErrors;
      invalidFields: WaitlistFieldName[];
    };

function trimmed(values: WaitlistFormValues): WaitlistFormValues {
  return Object.fromEntries(
    WAITLIST_FIELD_NAMES.map((name) => [name, values[name].trim()]),
  ) as unknown as WaitlistFormValues;
}

/**
 * The waitlist submit check. Missing required fields win over a malformed email for the banner
 * ('Please fill in all required fields'), but every problem gets its own field message.
 */
export function validateWaitlist(values: WaitlistFormValues): WaitlistValidation {
  const fieldErrors: WaitlistFieldErrors = {};
  for (const name of WAITLIST_REQUIRED_FIELDS) {
    if (isBlank(values[name])) fieldErrors[name] = FIELD_REQUIRED_MESSAGE;
  }
  const missingRequired = Object.keys(fieldErrors).length > 0;
  if (!fieldErrors.email && !isValidEmail(values.email)) fieldErrors.email = INVALID_EMAIL_MESSAGE;

  const invalidFields = WAITLIST_FIELD_NAMES.filter((name) => fieldErrors[name] !== undefined);
  if (invalidFields.length === 0) return { ok: true, values: trimmed(values) };
  return {
    ok: false,
    message: missingRequired ? REQUIRED_FIELDS_MESSAGE : INVALID_EMAIL_MESSAGE,
    fieldErrors,
    invalidFields,
  };
}
