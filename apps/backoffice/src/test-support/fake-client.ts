import type { Session } from '@supabase/supabase-js';

type Listener = (event: string, session: Session | null) => void;

/**
 * A stand-in for the console's Supabase client in component tests: its auth events, its code sign-in
 * and its database functions, each answering what the test sets. The real client is tested against
 * the local backend (e2e/console).
 */
export function fakeConsoleClient() {
  const listeners = new Set<Listener>();
  let session: Session | null = null;
  const rpcAnswers = new Map<string, (args: Record<string, unknown>) => unknown>();
  const calls: { name: string; args: Record<string, unknown> }[] = [];

  const sessionFor = (email: string) =>
    ({ access_token: 'token', user: { email } }) as unknown as Session;
  const emit = (event: string) => {
    for (const listener of listeners) listener(event, session);
  };

  const client = {
    auth: {
      onAuthStateChange(listener: Listener) {
        listeners.add(listener);
        listener('INITIAL_SESSION', session);
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
      getSession: async () => ({ data: { session } }),
      signInWithOtp: jest.fn(async (_: { email: string }) => ({ error: null as unknown })),
      verifyOtp: jest.fn(async ({ email, token }: { email: string; token: string }) => {
        if (token !== '1234567890')
          return { error: authError(403, 'Token has expired or is invalid') };
        session = sessionFor(email);
        emit('SIGNED_IN');
        return { error: null };
      }),
      signOut: jest.fn(async () => {
        session = null;
        emit('SIGNED_OUT');
        return { error: null };
      }),
    },
    rpc: jest.fn(async (name: string, args: Record<string, unknown>) => {
      calls.push({ name, args });
      const answer = rpcAnswers.get(name);
      if (!answer)
        return { data: null, error: { message: `no answer for ${name}`, code: 'XX000' } };
      try {
        return { data: answer(args), error: null };
      } catch (error) {
        return { data: null, error };
      }
    }),
  };

  return {
    client,
    calls,
    answer(name: string, respond: (args: Record<string, unknown>) => unknown) {
      rpcAnswers.set(name, respond);
    },
    signIn(email: string) {
      session = sessionFor(email);
      emit('SIGNED_IN');
    },
  };
}

/** An error as supabase-js's auth client throws them (isAuthApiError recognises it). */
export function authError(status: number, message: string) {
  return Object.assign(new Error(message), { __isAuthError: true, name: 'AuthApiError', status });
}
