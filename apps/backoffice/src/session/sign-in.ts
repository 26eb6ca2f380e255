import { getConsoleClient } from '../backend/console-client';
import { MESSAGES } from '../messages';

export type SignInResult = { ok: true } | { ok: false; message: string };

/**
 * An answer of Supabase Auth (supabase-js's AuthApiError: it has the HTTP status), as opposed to a
 * request that never got one. Told apart by shape, so supabase-js loads with the client, not before.
 */
function isAuthAnswer(error: unknown): error is { status: number; message: string } {
  return (
    error instanceof Error &&
    error.name === 'AuthApiError' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/**
 * What to tell the person. A request the server refused for what was typed gets our words (`refused`);
 * anything else it answered — a wait to respect (429), a mail that could not be sent (5xx) — its own.
 */
function failure(error: unknown, refused: string): SignInResult {
  if (!isAuthAnswer(error)) return { ok: false, message: MESSAGES.signIn.unreachable };
  if (error.status === 429 || error.status >= 500) return { ok: false, message: error.message };
  return { ok: false, message: refused };
}

/** Asks Supabase Auth to email a one-time code (anyone may: the staff list decides what they see). */
export async function requestCode(email: string): Promise<SignInResult> {
  try {
    const client = await getConsoleClient();
    const { error } = await client.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: true },
    });
    return error ? failure(error, MESSAGES.signIn.invalidEmail) : { ok: true };
  } catch (error) {
    return failure(error, MESSAGES.signIn.unreachable);
  }
}

export async function verifyCode(email: string, code: string): Promise<SignInResult> {
  try {
    const client = await getConsoleClient();
    const { error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    return error ? failure(error, MESSAGES.signIn.wrongCode) : { ok: true };
  } catch (error) {
    return failure(error, MESSAGES.signIn.unreachable);
  }
}
