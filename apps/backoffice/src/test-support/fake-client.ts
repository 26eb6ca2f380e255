import type { Session } from '@supabase/supabase-js';

type Listener = (event: string, session: Session | null) => void;

/** The staff member's Auth address the fake signs in: never the address they typed (the backend's way). */
export const FAKE_AUTH_EMAIL = 'console-0123456789abcdef0123456789abcdef@staff.invalid';

/** The code the fake console-sign-in takes. */
export const FAKE_CODE = '1234567890';

/** An answer of a function as supabase-js's functions.invoke gives a non-2xx one (FunctionsHttpError). */
export function functionError(status: number, body: unknown) {
  return {
    data: null,
    error: Object.assign(new Error('Edge Function returned a non-2xx status code'), {
      name: 'FunctionsHttpError',
      context: new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    }),
  };
}

/**
 * A stand-in for the console's Supabase client in component tests: its auth events, the sign-in
 * function console-sign-in and Auth's verifyOtp with the token hash it answers, and its database
 * functions, each answering what the test sets. The real client is tested against the local backend
 * (e2e/console).
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
      verifyOtp: jest.fn(
        async ({ token_hash: tokenHash }: { token_hash: string; type: string }) => {
          if (tokenHash !== 'token-hash')
            return { error: authError(403, 'Email link is invalid or has expired') };
          session = sessionFor(FAKE_AUTH_EMAIL);
          emit('SIGNED_IN');
          return { error: null };
        },
      ),
      signOut: jest.fn(async () => {
        session = null;
        emit('SIGNED_OUT');
        return { error: null };
      }),
    },
    functions: {
      invoke: jest.fn(
        async (
          name: string,
          { body }: { body: { email: string; code?: string } },
        ): Promise<{ data: unknown; error: unknown }> => {
          if (name !== 'console-sign-in') return functionError(404, { code: 'NOT_FOUND' });
          if (body.code === undefined) return { data: { success: true }, error: null };
          if (body.code !== FAKE_CODE)
            return functionError(403, { success: false, error: 'code_not_valid' });
          return {
            data: { success: true, token_hash: 'token-hash', type: 'magiclink' },
            error: null,
          };
        },
      ),
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
