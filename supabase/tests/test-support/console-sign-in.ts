import type { Session, SupabaseClient } from '@supabase/supabase-js';
import {
  outboxMail,
  clientFor,
  codeInMail,
  type OutboxMessage,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { CONSOLE_SIGN_IN } from '../../functions/_shared/rules/console-sign-in.ts';

// The console's sign-in as apps/backoffice/src/session/sign-in.ts makes it, from any client address:
// ask for a code, read it from the mail, enter it. Kept beside the console's code: when one changes,
// so does the other.

export interface Answer {
  status: number;
  /** The function's error, or '' for a success. */
  code: string;
}

async function callSignIn(
  client: SupabaseClient,
  body: { email: string; code?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await client.functions.invoke(CONSOLE_SIGN_IN.functionName, { body });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  const response = (error as { context?: unknown }).context;
  if (!(response instanceof Response)) throw error;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const answerOf = (reply: { status: number; body: Record<string, unknown> }): Answer => ({
  status: reply.status,
  code: reply.status === 200 ? '' : String(reply.body.error),
});

/** Asks for a sign-in code for `email` the way the console does; the answer's status and code. */
export async function askForConsoleCode(
  t: TestServer,
  email: string,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<Answer> {
  const client = clientFor(t.server.url, t.server.publishableKey, fetch);
  return answerOf(await callSignIn(client, { email }));
}

/**
 * Enters `code` for `email` the way the console does: the function checks it and answers a token hash,
 * which Auth's verifyOtp turns into the session. The session, or the refusal.
 */
export async function enterConsoleCode(
  t: TestServer,
  email: string,
  code: string,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<{ session: Session; client: SupabaseClient } | Answer> {
  const client = clientFor(t.server.url, t.server.publishableKey, fetch);
  const reply = await callSignIn(client, { email, code });
  if (reply.status !== 200) return answerOf(reply);
  const { data, error } = await client.auth.verifyOtp({
    token_hash: String(reply.body.token_hash),
    type: reply.body.type as 'magiclink' | 'signup',
  });
  if (error || !data.session) return { status: error?.status ?? 0, code: error?.code ?? '' };
  return { session: data.session, client };
}

/** The sign-in mails `email` has had, newest first. */
export async function signInMails(t: TestServer, email: string): Promise<OutboxMessage[]> {
  // Sign-in codes are sent at once, not queued: the outbox as it is.
  const messages = await outboxMail({ url: t.server.url }, email);
  return messages.filter((message) => /sign-in code/i.test(message.subject));
}

/** The code of the newest sign-in mail to `email` that is not among `seen`, waiting for it a while. */
export async function newestCode(
  t: TestServer,
  email: string,
  seen: readonly string[] = [],
  timeoutMs = 10_000,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await signInMails(t, email)).find((message) => !seen.includes(message.id));
    if (mail) return codeInMail(mail);
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Signs `email` in to the console as a person does: asks for a code, reads it from the newest sign-in
 * mail, enters it. Only an address on the staff list gets a mail; an address is mailed at most
 * CONSOLE_SIGN_IN.mailBurst codes at once, so sign each test's staff member in once and keep the client.
 */
export async function signInToConsole(
  t: TestServer,
  email: string,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<{ session: Session; client: SupabaseClient }> {
  const seen = (await signInMails(t, email)).map((message) => message.id);
  const asked = await askForConsoleCode(t, email, fetch);
  if (asked.status !== 200) throw new Error(`Asking a code for ${email}: ${JSON.stringify(asked)}`);
  const code = await newestCode(t, email, seen);
  if (code === undefined) throw new Error(`No sign-in code reached ${email}: is it staff?`);
  const entered = await enterConsoleCode(t, email, code, fetch);
  if (!('session' in entered)) {
    throw new Error(`The code mailed to ${email} was refused: ${JSON.stringify(entered)}`);
  }
  return entered;
}
