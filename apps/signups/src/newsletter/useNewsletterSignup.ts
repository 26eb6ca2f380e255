import { botCheckAction } from '@agentora/data';
import { useEmailSignup } from '@agentora/forms';
import { NEWSLETTER_MESSAGE_MS } from '../shared/timings';
import { NEWSLETTER_MESSAGES } from './newsletter-messages';
import { sendSignup } from '../shared/sign-up';

const subscribeToNewsletter = sendSignup('newsletter', NEWSLETTER_MESSAGES);

/**
 * The newsletter forms' state. Every result, success or error, goes away after 3 s: the footer's toast
 * lasts 3 s and the home component's error hides after 3000 ms; its success follows the same
 * rhythm since it uses the footer's texts.
 */
export function useNewsletterSignup() {
  return useEmailSignup({
    send: subscribeToNewsletter,
    botCheckAction: botCheckAction('newsletter'),
    honeypotMessage: NEWSLETTER_MESSAGES.signedUp,
    failureMessage: NEWSLETTER_MESSAGES.failed,
    successResetMs: NEWSLETTER_MESSAGE_MS,
    errorResetMs: NEWSLETTER_MESSAGE_MS,
  });
}
