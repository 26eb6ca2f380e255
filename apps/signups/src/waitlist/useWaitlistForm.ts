import { botCheckAction } from '@agentora/data';
import {
  EMPTY_WAITLIST_VALUES,
  SUCCESS_RESET_MS,
  useSubmitFlow,
  validateWaitlist,
} from '@agentora/forms';
import { sendSignup } from '../shared/sign-up';
import { WAITLIST_MESSAGES } from './waitlist-messages';

const joinWaitlist = sendSignup('waitlist', WAITLIST_MESSAGES);

/**
 * The waitlist form's state (docs/product/sign-up-forms.md) on the site's one submit flow: a failure
 * keeps everything typed; a success empties the form and clears its message after 5 s.
 */
export function useWaitlistForm() {
  return useSubmitFlow({
    initialValues: EMPTY_WAITLIST_VALUES,
    check: validateWaitlist,
    send: joinWaitlist,
    botCheckAction: botCheckAction('waitlist'),
    honeypotMessage: WAITLIST_MESSAGES.signedUp,
    failureMessage: WAITLIST_MESSAGES.failed,
    successResetMs: SUCCESS_RESET_MS,
  });
}
