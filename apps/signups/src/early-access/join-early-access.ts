import {
  insertEarlyAccessSignup,
  invokeThankYouEmail,
  isDuplicateKeyError,
  isRateLimitError,
} from '@agentora/data';
import { RATE_LIMITED_MESSAGE, type EmailSignupOutcome } from '@agentora/forms';
import { EARLY_ACCESS_MESSAGES } from './early-access-messages';

/** An email failure is not a signup failure, so any problem here only means "not mailed". */
async function sendWelcomeMail(email: string): Promise<boolean> {
  try {
    const reply = await invokeThankYouEmail({ type: 'early_access', email });
    return reply.success === true;
  } catch (error) {
    console.error('Early-access thank-you email failed:', error);
    return false;
  }
}

/** Inserts the address into early_access_signups, then asks for the thank-you email. */
export async function joinEarlyAccess(email: string): Promise<EmailSignupOutcome> {
  try {
    await insertEarlyAccessSignup(email);
  } catch (error) {
    if (isDuplicateKeyError(error)) return { ok: false, message: EARLY_ACCESS_MESSAGES.duplicate };
    if (isRateLimitError(error)) return { ok: false, message: RATE_LIMITED_MESSAGE };
    console.error('Early-access sign-up failed:', error);
    return { ok: false, message: EARLY_ACCESS_MESSAGES.failed };
  }
  const mailed = await sendWelcomeMail(email);
  return {
    ok: true,
    message: mailed ? EARLY_ACCESS_MESSAGES.joinedAndMailed : EARLY_ACCESS_MESSAGES.joined,
  };
}
