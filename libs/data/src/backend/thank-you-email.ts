import { callJsonFunction } from './client';

export type ThankYouEmailType = 'early_access' | 'newsletter' | 'waitlist' | 'career';

/** What send-thank-you-email answers: success (the mail is queued), its messageId and type, or why not. */
export interface ThankYouEmailResult {
  success: boolean;
  messageId?: string;
  type?: string;
  error?: string;
}

const FUNCTION_NAME = 'send-thank-you-email';

/**
 * Asks for the thank-you email of a sign-up just stored. Only the type and the address are sent: the
 * function renders every word from the stored row (docs/security.md). Never throws: an email failure is
 * not a sign-up failure.
 */
export async function invokeThankYouEmail(signup: {
  type: ThankYouEmailType;
  email: string;
  /** The sign-up was a duplicate: a still unconfirmed one gets a fresh confirmation. */
  again?: boolean;
}): Promise<ThankYouEmailResult> {
  try {
    const body =
      (await callJsonFunction(FUNCTION_NAME, {
        body: signup.again
          ? { type: signup.type, email: signup.email, again: true }
          : { type: signup.type, email: signup.email },
      })) ?? {};
    const result: ThankYouEmailResult = { success: body.success === true };
    if (typeof body.messageId === 'string') result.messageId = body.messageId;
    if (typeof body.type === 'string') result.type = body.type;
    if (typeof body.error === 'string') result.error = body.error;
    else if (!result.success) result.error = 'The email function did not report success.';
    return result;
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
}
