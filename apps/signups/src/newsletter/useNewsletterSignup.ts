import { useEmailSignup } from '@agentora/forms';
import { NEWSLETTER_MESSAGE_MS } from '../shared/timings';
import { NEWSLETTER_MESSAGES } from './newsletter-messages';
import { subscribeToNewsletter } from './subscribe-to-newsletter';

/**
 * The newsletter forms' state. Every result, success or error, goes away after 3 s: the footer's toast
 * lasts 3 s and the home component's error hides after 3000 ms; its success follows the same
 * rhythm since it uses the footer's texts.
 */
export function useNewsletterSignup() {
  return useEmailSignup({
    submit: subscribeToNewsletter,
    honeypotMessage: NEWSLETTER_MESSAGES.subscribed,
    failureMessage: NEWSLETTER_MESSAGES.failed,
    successResetMs: NEWSLETTER_MESSAGE_MS,
    errorResetMs: NEWSLETTER_MESSAGE_MS,
  });
}
