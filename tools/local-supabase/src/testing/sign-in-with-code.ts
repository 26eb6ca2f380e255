import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { outboxMail } from './queued-mail.ts';
import { clientFor } from './test-server.ts';

export interface SignedIn {
  /** The client that signed in: its REST, RPC, storage and functions calls carry the session. */
  client: SupabaseClient;
  session: Session;
  user: User;
}

const outboxFor = (url: string, email: string) => outboxMail({ url }, email);

/** The code in a sign-in mail: the one run of 6 to 10 digits standing alone (otp_length is 6 to 10). */
export function codeInMail(message: { text: string; html: string }): string | undefined {
  const codes = (text: string) => text.match(/(?<![\d#&])\d{6,10}(?!\d)/g) ?? [];
  return codes(message.text)[0] ?? codes(message.html.replace(/<[^>]*>/g, ' '))[0];
}

/**
 * Signs `email` in with Auth's own email codes, against a running local server: asks Auth for a code
 * (signInWithOtp), reads it from the mail that arrives in the outbox (through the Send Email Hook's
 * function, or Auth's own mail when no hook is configured), and enters it (verifyOtp, type 'email').
 * Answers the signed-in client and its session. For a project whose Auth takes sign-ups and mails codes
 * (the auth tests' own); the repository's project does neither (README, "Signing in, in tests"). The
 * address gets a new code at most once a minute ([auth.email] max_frequency): sign a test's users in
 * once and reuse the clients.
 */
export async function signInWithCode(
  server: { url: string; publishableKey: string },
  email: string,
  options: { client?: SupabaseClient; timeoutMs?: number } = {},
): Promise<SignedIn> {
  const client = options.client ?? clientFor(server.url, server.publishableKey);
  const seen = new Set((await outboxFor(server.url, email)).map((message) => message.id));
  const requested = await client.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: true },
  });
  if (requested.error) {
    throw new Error(
      `Asking a sign-in code for ${email} failed: ${requested.error.message} (${requested.error.code})`,
    );
  }
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let code: string | undefined;
  while (code === undefined) {
    const mail = (await outboxFor(server.url, email)).find((message) => !seen.has(message.id));
    if (mail) {
      code = codeInMail(mail);
      if (code === undefined) throw new Error(`The mail to ${email} holds no code: ${mail.text}`);
    } else if (Date.now() > deadline) {
      throw new Error(`No sign-in mail reached the outbox for ${email}`);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (verified.error || !verified.data.session || !verified.data.user) {
    throw new Error(
      `Entering the code sent to ${email} failed: ${verified.error?.message ?? 'no session'}`,
    );
  }
  return { client, session: verified.data.session, user: verified.data.user };
}
