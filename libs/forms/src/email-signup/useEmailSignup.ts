import { useCallback, useState, type FormEvent } from 'react';
import { focusFirstInvalid } from '../submission/focusFirstInvalid';
import { useMountedRef } from '../submission/useMountedRef';
import { useSubmitStatus, type SubmitStatusOptions } from '../submission/useSubmitStatus';
import { emailError } from '../validation/email';

/** What a one-field email sign-up tells the visitor after the call. */
export interface EmailSignupOutcome {
  ok: boolean;
  message: string;
}

export interface EmailSignupOptions extends SubmitStatusOptions {
  /** Sends a checked, trimmed address. Expected failures resolve with `ok: false`. */
  submit: (email: string) => Promise<EmailSignupOutcome>;
  /** The success a filled honeypot gets: bots see the usual reply, and nothing is sent. */
  honeypotMessage: string;
  /** Shown if `submit` throws after all, so the form never stays busy. */
  failureMessage: string;
}

/** The name of the email input, used to move focus to it when it is refused. */
export const EMAIL_FIELD_NAME = 'email';

/**
 * One email field, a honeypot and a submit: the early-access and both newsletter forms. Validation
 * and the honeypot run before anything is sent; a success clears the field; the status timings come
 * from the caller (docs/product/sign-up-forms.md).
 */
export function useEmailSignup({
  submit,
  honeypotMessage,
  failureMessage,
  successResetMs,
  errorResetMs,
}: EmailSignupOptions) {
  const result = useSubmitStatus({ successResetMs, errorResetMs });
  const { begin, succeed, fail } = result;
  const mounted = useMountedRef();
  const [email, setEmailValue] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [emailRefused, setEmailRefused] = useState(false);

  const setEmail = useCallback((value: string) => {
    setEmailValue(value);
    setEmailRefused(false);
  }, []);

  const handleSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (!begin()) return;
      setEmailRefused(false);
      if (honeypot !== '') {
        setEmailValue('');
        succeed(honeypotMessage);
        return;
      }
      const invalid = emailError(email);
      if (invalid) {
        setEmailRefused(true);
        fail(invalid);
        focusFirstInvalid(form, [EMAIL_FIELD_NAME]);
        return;
      }
      let outcome: EmailSignupOutcome;
      try {
        outcome = await submit(email.trim());
      } catch (error) {
        console.error('Email sign-up failed unexpectedly:', error);
        outcome = { ok: false, message: failureMessage };
      }
      if (!mounted.current) return;
      if (outcome.ok) {
        setEmailValue('');
        succeed(outcome.message);
      } else {
        fail(outcome.message);
      }
    },
    [begin, succeed, fail, honeypot, honeypotMessage, email, submit, failureMessage, mounted],
  );

  return {
    email,
    setEmail,
    honeypot,
    setHoneypot,
    status: result.status,
    message: result.message,
    busy: result.busy,
    showResult: result.showResult,
    /** The shown message is about the address itself: mark the field invalid and point it there. */
    emailInvalid: emailRefused && result.status === 'error' && result.showResult,
    handleSubmit,
  };
}

export type EmailSignup = ReturnType<typeof useEmailSignup>;
