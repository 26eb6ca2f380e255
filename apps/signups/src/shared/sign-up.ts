import { signUp, type SignupList, type SignupRows } from '@agentora/data';
import {
  BOT_CHECK_FAILED_MESSAGE,
  RATE_LIMITED_MESSAGE,
  type SubmitOutcome,
} from '@agentora/forms';

/** A list's texts for each answer of the sign-up call (docs/product/sign-up-forms.md). */
export interface ListMessages {
  signedUpAndMailed: string;
  /** Stored, but the thank-you mail did not go out: an email failure is not a sign-up failure. */
  signedUp: string;
  duplicate: string;
  failed: string;
}

/**
 * The send step of a list's form: the one sign-up call with the bot check's token, its answer in the
 * list's words. A token the backend refuses, or a bot check it cannot ask, is the bot check's message.
 */
export function sendSignup<List extends SignupList>(list: List, messages: ListMessages) {
  return async (
    row: SignupRows[List],
    _signal: AbortSignal,
    botCheckToken?: string,
  ): Promise<SubmitOutcome> => {
    const result = await signUp(list, row, botCheckToken ?? '');
    if (result.ok)
      return { ok: true, message: result.mailed ? messages.signedUpAndMailed : messages.signedUp };
    const refusal = {
      duplicate: messages.duplicate,
      rate_limited: RATE_LIMITED_MESSAGE,
      bot_check_failed: BOT_CHECK_FAILED_MESSAGE,
      bot_check_unavailable: BOT_CHECK_FAILED_MESSAGE,
      failed: messages.failed,
    };
    return { ok: false, message: refusal[result.reason] };
  };
}
