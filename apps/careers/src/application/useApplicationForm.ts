import { useCallback } from 'react';
import { botCheckAction } from '@agentora/data';
import { SUCCESS_RESET_MS, useSubmitFlow } from '@agentora/forms';
import { useResumeFile } from '../resume/useResumeFile';
import { EMPTY_APPLICATION, type ApplicationValues } from './application-values';
import { SUBMIT_FAILED_MESSAGE, successMessage } from './messages';
import { submitApplication } from './submit-application';
import { checkApplication } from './validate-application';

/**
 * The application's state (docs/product/careers.md) on the site's one submit flow: idle → loading →
 * success | error. On success everything, the résumé included, is cleared and the message goes after
 * 5 s; on any error nothing the visitor entered is lost.
 */
export function useApplicationForm() {
  const resume = useResumeFile();
  const { file, remove } = resume;
  const send = useCallback(
    (values: ApplicationValues, _signal: AbortSignal, botCheckToken?: string) =>
      submitApplication(values, file, botCheckToken ?? ''),
    [file],
  );
  const flow = useSubmitFlow({
    initialValues: EMPTY_APPLICATION,
    check: checkApplication,
    send,
    botCheckAction: botCheckAction('career'),
    // Only bots fill the hidden field: they get what a person would see, and nothing is sent.
    honeypotMessage: successMessage(false),
    failureMessage: SUBMIT_FAILED_MESSAGE,
    onCleared: remove,
    successResetMs: SUCCESS_RESET_MS,
  });
  return { ...flow, resume };
}
