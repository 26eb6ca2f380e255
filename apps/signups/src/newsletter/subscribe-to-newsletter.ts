import {
  insertNewsletterSubscription,
  isDuplicateKeyError,
  isRateLimitError,
  sendThankYouEmail,
} from '@agentora/data';
import { RATE_LIMITED_MESSAGE, type EmailSignupOutcome } from '@agentora/forms';
import { NEWSLETTER_MESSAGES } from './newsletter-messages';

async function sendConfirmation(email: string): Promise<boolean> {
  try {
    return await sendThankYouEmail({ type: 'newsletter', email });
  } catch (error) {
    console.error('Newsletter confirmation email failed:', error);
    return false;
  }
}

/** Both newsletter forms: insert into newsletter_subscriptions, then the confirmation email. */
export async function subscribeToNewsletter(email: string): Promise<EmailSignupOutcome> {
  try {
    await insertNewsletterSubscription(email);
  } catch (error) {
    if (isDuplicateKeyError(error)) return { ok: false, message: NEWSLETTER_MESSAGES.duplicate };
    if (isRateLimitError(error)) return { ok: false, message: RATE_LIMITED_MESSAGE };
    console.error('Newsletter subscription failed:', error);
    return { ok: false, message: NEWSLETTER_MESSAGES.failed };
  }
  const mailed = await sendConfirmation(email);
  return {
    ok: true,
    message: mailed ? NEWSLETTER_MESSAGES.subscribedAndMailed : NEWSLETTER_MESSAGES.subscribed,
  };
}
