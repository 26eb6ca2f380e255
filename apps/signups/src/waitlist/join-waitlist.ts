import { insertWaitlistSignup, isDuplicateKeyError, sendThankYouEmail } from '@agentora/data';
import type { WaitlistFormValues } from '@agentora/forms';
import { WAITLIST_MESSAGES } from './waitlist-messages';

export interface WaitlistOutcome {
  ok: boolean;
  message: string;
}

async function sendWelcomeMail(values: WaitlistFormValues): Promise<boolean> {
  try {
    // Only these four reach the email helper: not lastName, role, companySize or hearAbout.
    return Boolean(
      await sendThankYouEmail({
        to: values.email,
        firstName: values.firstName,
        type: 'waitlist',
        additionalData: { company: values.company, useCase: values.useCase },
      }),
    );
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
    console.error('Waitlist sign-up failed:', error);
    return { ok: false, message: WAITLIST_MESSAGES.failed };
  }
  const mailed = await sendWelcomeMail(values);
  return { ok: true, message: mailed ? WAITLIST_MESSAGES.joinedAndMailed : WAITLIST_MESSAGES.joined };
}
