import { getSupabaseClient } from './client';

export type ThankYouEmailType = 'early_access' | 'newsletter' | 'waitlist' | 'career';

/** What send-thank-you-email answers: read for success, emailId, type and error (docs/product/sign-up-forms.md, "Thank-you emails"). */
export interface ThankYouEmailResult {
  success: boolean;
  emailId?: string;
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

async function callThankYouFunction(
  payload: Record<string, unknown>,
): Promise<ThankYouEmailResult> {
  try {
    const supabase = await getSupabaseClient();
    const { data, error } = await supabase.functions.invoke(FUNCTION_NAME, { body: payload });
    if (error) return { success: false, error: await describeInvokeError(error) };
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const result: ThankYouEmailResult = { success: body.success === true };
    if (typeof body.emailId === 'string') result.emailId = body.emailId;
    if (typeof body.type === 'string') result.type = body.type;
    if (typeof body.error === 'string') result.error = body.error;
    else if (!result.success) result.error = 'The email function did not report success.';
    return result;
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The early-access thank-you email. Never throws: an email failure is not a sign-up failure (docs/product/sign-up-forms.md). */
export function invokeThankYouEmail(payload: {
  to: string;
  type: 'early_access';
  firstName: string;
}): Promise<ThankYouEmailResult> {
  return callThankYouFunction(payload);
}

/**
 * The forms' shared email helper: true only when the function reports success; never throws.
 * additionalData: waitlist { company, useCase }; career { position, company }.
 */
export async function sendThankYouEmail(params: {
  to: string;
  firstName: string;
  type: ThankYouEmailType;
  additionalData?: Record<string, string>;
}): Promise<boolean> {
  const { to, firstName, type, additionalData } = params;
  const result = await callThankYouFunction(
    additionalData ? { to, type, firstName, additionalData } : { to, type, firstName },
  );
  return result.success;
}
