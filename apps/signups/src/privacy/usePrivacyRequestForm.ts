import { requestPrivacyLink, type PrivacyAction } from '@agentora/data';
import {
  emailError,
  RATE_LIMITED_MESSAGE,
  useSubmitFlow,
  type FormCheck,
  type SubmitOutcome,
} from '@agentora/forms';
import { PRIVACY_REQUEST_MESSAGES } from './privacy-messages';

export interface PrivacyRequestValues {
  email: string;
  /** '' until the visitor chooses. */
  action: PrivacyAction | '';
}

export type PrivacyRequestField = keyof PrivacyRequestValues;

const EMPTY: PrivacyRequestValues = { email: '', action: '' };

export function checkPrivacyRequest(
  values: PrivacyRequestValues,
): FormCheck<PrivacyRequestValues & { action: PrivacyAction }, PrivacyRequestField> {
  const invalidEmail = emailError(values.email);
  const noAction = values.action === '' ? PRIVACY_REQUEST_MESSAGES.chooseAction : undefined;
  if (!invalidEmail && !noAction) {
    return {
      ok: true,
      values: { email: values.email.trim(), action: values.action as PrivacyAction },
    };
  }
  return {
    ok: false,
    message: invalidEmail ?? (noAction as string),
    fieldErrors: {
      ...(invalidEmail && { email: invalidEmail }),
      ...(noAction && { action: noAction }),
    },
    invalidFields: [
      ...(invalidEmail ? (['email'] as const) : []),
      ...(noAction ? (['action'] as const) : []),
    ],
  };
}

async function send({ email, action }: PrivacyRequestValues): Promise<SubmitOutcome> {
  const result = await requestPrivacyLink(email, action as PrivacyAction);
  if (result.ok) return { ok: true, message: PRIVACY_REQUEST_MESSAGES.sent };
  return {
    ok: false,
    message:
      result.reason === 'rate_limited' ? RATE_LIMITED_MESSAGE : PRIVACY_REQUEST_MESSAGES.failed,
  };
}

/**
 * The privacy page's request (docs/product/consent.md) on the site's one submit flow: the address and
 * the choice are checked, a failure keeps both, a success empties the form and its message stays (it
 * says what to do next).
 */
export function usePrivacyRequestForm() {
  return useSubmitFlow({
    initialValues: EMPTY,
    check: checkPrivacyRequest,
    send,
    honeypotMessage: PRIVACY_REQUEST_MESSAGES.sent,
    failureMessage: PRIVACY_REQUEST_MESSAGES.failed,
  });
}
