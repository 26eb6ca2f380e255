import { CONSOLE_SIGN_IN } from '@agentora/data/console-lists';
import { getConsoleClient } from '../backend/console-client';
import { MESSAGES } from '../messages';

export type SignInResult = { ok: true } | { ok: false; message: string };

/** What console-sign-in answers a right code: the token Auth's verifyOtp turns into the session. */
interface SignInToken {
  token_hash: string;
  type: 'magiclink' | 'signup';
}

/**
 * The HTTP status of a function's answer that was not a success (supabase-js's FunctionsHttpError
 * carries the Response), or undefined for a request that got no answer. Told apart by shape, so
 * supabase-js loads with the client, not before.
 */
function statusOf(error: unknown): number | undefined {
  const context = (error as { context?: unknown } | null)?.context;
  return context instanceof Response ? context.status : undefined;
}

/** What to tell the person; `refused` is for a 403 (the code) or a 400 (the address). */
function failure(error: unknown, refused: string): SignInResult {
  const status = statusOf(error);
  if (status === undefined) return { ok: false, message: MESSAGES.signIn.unreachable };
  if (status === 429) return { ok: false, message: MESSAGES.signIn.tooMany };
  if (status >= 500) return { ok: false, message: MESSAGES.signIn.failed };
  return { ok: false, message: refused };
}

/**
 * Asks console-sign-in for a code. It answers every address alike: a code is mailed only to an address
 * on the staff list, so success means "asked", not "mailed" (docs/console.md, "Signing in").
 */
export async function requestCode(email: string): Promise<SignInResult> {
  try {
    const client = await getConsoleClient();
    const { error } = await client.functions.invoke(CONSOLE_SIGN_IN.functionName, {
      body: { email },
    });
    return error ? failure(error, MESSAGES.signIn.invalidEmail) : { ok: true };
  } catch (error) {
    return failure(error, MESSAGES.signIn.unreachable);
  }
}

/**
 * Enters the code: console-sign-in checks it and answers a one-time token of the staff member's Auth
 * user, which Auth's verifyOtp turns into the session supabase-js then keeps.
 */
export async function verifyCode(email: string, code: string): Promise<SignInResult> {
  try {
    const client = await getConsoleClient();
    const checked = await client.functions.invoke<SignInToken>(CONSOLE_SIGN_IN.functionName, {
      body: { email, code },
    });
    if (checked.error || !checked.data) return failure(checked.error, MESSAGES.signIn.wrongCode);
    const { error } = await client.auth.verifyOtp({
      token_hash: checked.data.token_hash,
      type: checked.data.type,
    });
    if (!error) return { ok: true };
    // A token that no longer works (used, or older than Auth keeps them): ask for a new code.
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number') return { ok: false, message: MESSAGES.signIn.unreachable };
    if (status === 429) return { ok: false, message: MESSAGES.signIn.tooMany };
    if (status >= 500) return { ok: false, message: MESSAGES.signIn.failed };
    return { ok: false, message: MESSAGES.signIn.wrongCode };
  } catch (error) {
    return failure(error, MESSAGES.signIn.unreachable);
  }
}
