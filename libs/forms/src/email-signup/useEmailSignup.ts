import { useCallback } from 'react';
import { useSubmitFlow, type FormCheck, type SubmitOutcome } from '../submission/useSubmitFlow';
import type { SubmitStatusOptions } from '../submission/useSubmitStatus';
import { emailError } from '../validation/email';

/** What a one-field email sign-up tells the visitor after the call. */
export type EmailSignupOutcome = SubmitOutcome;

export interface EmailSignupOptions extends SubmitStatusOptions {
  /** Sends a checked, trimmed address. Expected failures resolve with `ok: false`. */
  send: (
    values: EmailValues,
    signal: AbortSignal,
    botCheckToken?: string,
  ) => Promise<EmailSignupOutcome>;
  /** The bot check's action, for a form that stores what it sends (useSubmitFlow's botCheckAction). */
  botCheckAction?: string;
  /** The success a filled honeypot gets: bots see the usual reply, and nothing is sent. */
  honeypotMessage: string;
  /** Shown if `submit` throws after all, so the form never stays busy. */
  failureMessage: string;
}

/** The name of the email input, used to move focus to it when it is refused. */
export const EMAIL_FIELD_NAME = 'email';

export interface EmailValues {
  email: string;
}

const EMPTY: EmailValues = { email: '' };

/** The check of every email-only form: the one email rule, the address trimmed. */
export function checkEmail({
  email,
}: EmailValues): FormCheck<EmailValues, typeof EMAIL_FIELD_NAME> {
  const invalid = emailError(email);
  if (!invalid) return { ok: true, values: { email: email.trim() } };
  return {
    ok: false,
    message: invalid,
    fieldErrors: { email: invalid },
    invalidFields: [EMAIL_FIELD_NAME],
  };
}

/**
 * One email field, a honeypot and a submit: the early-access and both newsletter forms, on the site's
 * one submit flow (useSubmitFlow); the status timings come from the caller
 * (docs/product/sign-up-forms.md).
 */
export function useEmailSignup({
  send,
  honeypotMessage,
  failureMessage,
  successResetMs,
  errorResetMs,
  botCheckAction,
}: EmailSignupOptions) {
  const flow = useSubmitFlow({
    initialValues: EMPTY,
    check: checkEmail,
    send,
    botCheckAction,
    honeypotMessage,
    failureMessage,
    successResetMs,
    errorResetMs,
  });
  const { setField } = flow;
  const setEmail = useCallback((value: string) => setField(EMAIL_FIELD_NAME, value), [setField]);

  return {
    email: flow.values.email,
    setEmail,
    honeypot: flow.honeypot,
    setHoneypot: flow.setHoneypot,
    status: flow.status,
    message: flow.message,
    busy: flow.busy,
    showResult: flow.showResult,
    /** The shown message is about the address itself: mark the field invalid and point it there. */
    emailInvalid:
      flow.fieldErrors.email !== undefined && flow.status === 'error' && flow.showResult,
    handleSubmit: flow.handleSubmit,
    botCheck: flow.botCheck,
  };
}

export type EmailSignup = ReturnType<typeof useEmailSignup>;
