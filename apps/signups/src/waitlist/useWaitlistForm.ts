import { useCallback, useState, type FormEvent } from 'react';
import {
  EMPTY_WAITLIST_VALUES,
  focusFirstInvalid,
  useMountedRef,
  useSubmitStatus,
  validateWaitlist,
  type WaitlistFieldErrors,
  type WaitlistFieldName,
  type WaitlistFormValues,
} from '@agentora/forms';
import { SIGNUP_SUCCESS_RESET_MS } from '../shared/timings';
import { joinWaitlist } from './join-waitlist';
import { WAITLIST_MESSAGES } from './waitlist-messages';

/**
 * The waitlist form's state (docs/product/sign-up-forms.md): values, per-field errors, the honeypot and the submit status.
 * A failure keeps everything typed; a success empties the form and clears its message after 5 s.
 */
export function useWaitlistForm() {
  const result = useSubmitStatus({ successResetMs: SIGNUP_SUCCESS_RESET_MS });
  const { begin, succeed, fail } = result;
  const mounted = useMountedRef();
  const [values, setValues] = useState<WaitlistFormValues>(EMPTY_WAITLIST_VALUES);
  const [fieldErrors, setFieldErrors] = useState<WaitlistFieldErrors>({});
  const [honeypot, setHoneypot] = useState('');

  const setField = useCallback((name: WaitlistFieldName, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // The visitor is fixing this field: stop calling it invalid.
    setFieldErrors((previous) => {
      if (previous[name] === undefined) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }, []);

  const handleSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (!begin()) return;
      if (honeypot !== '') {
        setValues(EMPTY_WAITLIST_VALUES);
        setFieldErrors({});
        succeed(WAITLIST_MESSAGES.joined);
        return;
      }
      const validation = validateWaitlist(values);
      if (!validation.ok) {
        setFieldErrors(validation.fieldErrors);
        fail(validation.message);
        focusFirstInvalid(form, validation.invalidFields);
        return;
      }
      setFieldErrors({});
      const outcome = await joinWaitlist(validation.values);
      if (!mounted.current) return;
      if (outcome.ok) {
        setValues(EMPTY_WAITLIST_VALUES);
        succeed(outcome.message);
      } else {
        fail(outcome.message);
      }
    },
    [begin, succeed, fail, honeypot, values, mounted],
  );

  return {
    values,
    setField,
    fieldErrors,
    honeypot,
    setHoneypot,
    status: result.status,
    message: result.message,
    busy: result.busy,
    showResult: result.showResult,
    handleSubmit,
  };
}
