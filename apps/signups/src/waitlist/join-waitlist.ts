import {
  insertWaitlistSignup,
  isDuplicateKeyError,
  isRateLimitError,
  sendThankYouEmail,
} from '@agentora/data';
import { RATE_LIMITED_MESSAGE, type WaitlistFormValues } from '@agentora/forms';
import { WAITLIST_MESSAGES } from './waitlist-messages';

export interface WaitlistOutcome {
  ok: boolean;
  message: string;
}

async function sendWelcomeMail(email: string): Promise<boolean> {
  try {
    // Only the type and the address: the mail greets the stored first name and names the stored
    // company and use case, never what the browser says.
    return await sendThankYouEmail({ type: 'waitlist', email });
  } catch (error) {
    console.error('Waitlist welcome email failed:', error);
    return false;
  }
}

/** Inserts the checked, trimmed fields into waitlist_signups, then sends the welcome email. */
export async function joinWaitlist(values: WaitlistFormValues): Promise<WaitlistOutcome> {
  try {
    await insertWaitlistSignup({ ...values });
  } catch (error) {
    if (isDuplicateKeyError(error)) return { ok: false, message: WAITLIST_MESSAGES.duplicate };
    if (isRateLimitError(error)) return { ok: false, message: RATE_LIMITED_MESSAGE };
    console.error('Waitlist sign-up failed:', error);
    return { ok: false, message: WAITLIST_MESSAGES.failed };
  }
  const mailed = await sendWelcomeMail(values.email);
  return {
    ok: true,
    message: mailed ? WAITLIST_MESSAGES.joinedAndMailed : WAITLIST_MESSAGES.joined,
  };
}
