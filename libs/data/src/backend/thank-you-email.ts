import { getSupabaseClient } from './client';

export type ThankYouEmailType = 'early_access' | 'newsletter' | 'waitlist' | 'career';

/** What send-thank-you-email answers: success (the mail is queued), its messageId and type, or why not. */
export interface ThankYouEmailResult {
  success: boolean;
  messageId?: string;
  type?: string;
  error?: string;
}

const FUNCTION_NAME = 'send-thank-you-email';

/** supabase-js puts the function's Response on non-2xx errors; its body says why. */
async function describeInvokeError(error: unknown): Promise<string> {
  const context =
    typeof error === 'object' && error !== null
      ? (error as { context?: unknown }).context
      : undefined;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string') return body.error;
      if (typeof body.message === 'string') return body.message;
    } catch {
      // Not JSON: fall back to the client's own message.
    }
  }
  return error instanceof Error ? error.message : String(error);
}

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
    const supabase = await getSupabaseClient();
    const { data, error } = await supabase.functions.invoke(FUNCTION_NAME, {
      body: signup.again
        ? { type: signup.type, email: signup.email, again: true }
        : { type: signup.type, email: signup.email },
    });
    if (error) return { success: false, error: await describeInvokeError(error) };
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
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
