import { useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, useMountedRef, useSubmitStatus } from '@agentora/forms';
import { useResumeFile } from '../resume/useResumeFile';
import {
  EMPTY_APPLICATION,
  trimmedApplication,
  type ApplicationFieldName,
  type ApplicationValues,
} from './application-values';
import { successMessage } from './messages';
import { submitApplication } from './submit-application';
import { validateApplication, type ApplicationFieldErrors } from './validate-application';

/** The success message clears and the form returns to idle after 5 s. */
export const SUCCESS_RESET_MS = 5000;

const NO_ERRORS: ApplicationFieldErrors = {};

/**
 * The application's state machine (docs/product/careers.md): idle → loading → success | error. On success everything,
 * the résumé included, is cleared; on any error nothing the visitor entered is lost.
 */
export function useApplicationForm() {
  const [values, setValues] = useState<ApplicationValues>(EMPTY_APPLICATION);
  const [fieldErrors, setFieldErrors] = useState<ApplicationFieldErrors>(NO_ERRORS);
  const [honeypot, setHoneypot] = useState('');
  const resume = useResumeFile();
  const status = useSubmitStatus({ successResetMs: SUCCESS_RESET_MS });
  const formRef = useRef<HTMLFormElement>(null);
  // A submit still in flight when the visitor leaves must not start the 5 s timer afterwards.
  const mounted = useMountedRef();

  const setValue = (name: ApplicationFieldName, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // A field's message goes as soon as it is edited; the rest wait for the next submit.
    setFieldErrors((previous) => {
      if (previous[name] === undefined) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  };

  const clearForm = () => {
    setValues(EMPTY_APPLICATION);
    setFieldErrors(NO_ERRORS);
    setHoneypot('');
    resume.remove();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.busy) return;

    // Only bots fill the hidden field: they get what a person would see, and nothing is sent.
    if (honeypot !== '') {
      clearForm();
      status.succeed(successMessage(false));
      return;
    }

    const problem = validateApplication(values);
    if (problem) {
      setFieldErrors(problem.fieldErrors);
      status.fail(problem.message);
      focusFirstInvalid(formRef.current, problem.invalidFields);
      return;
    }

    if (!status.begin()) return;
    setFieldErrors(NO_ERRORS);
    const outcome = await submitApplication(trimmedApplication(values), resume.file);
    if (!mounted.current) return;
    if (outcome.ok) {
      clearForm();
      status.succeed(outcome.message);
    } else {
      status.fail(outcome.message);
    }
  };

  return { values, setValue, fieldErrors, honeypot, setHoneypot, resume, status, formRef, submit };
}
