import { useEffect, useState } from 'react';
import { getConsoleClient } from '../backend/console-client';
import { overrideActive } from './override-guard';

function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export type ConsoleSession =
  | { status: 'loading' }
  | { status: 'blocked-by-override' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; email: string };

/**
 * The staff session as supabase-js keeps it: read once at start, then followed through its auth
 * events (sign-in, refresh, sign-out). None at all while a remote override is active (override-guard.ts).
 */
export function useConsoleSession(): ConsoleSession {
  const [session, setSession] = useState<ConsoleSession>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    if (overrideActive(localStorageOrNone())) {
      setTimeout(() => active && setSession({ status: 'blocked-by-override' }), 0);
      return () => {
        active = false;
      };
    }
    void getConsoleClient().then(
      (client) => {
        if (!active) return;
        const { data } = client.auth.onAuthStateChange((_event, current) => {
          // Deferred: supabase-js holds its lock while it calls listeners.
          setTimeout(() => {
            if (active)
              setSession(
                current?.user.email
                  ? { status: 'signed-in', email: current.user.email }
                  : { status: 'signed-out' },
              );
          }, 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      () => {
        if (active) setSession({ status: 'signed-out' });
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);
  return session;
}

export async function signOut(): Promise<void> {
  const client = await getConsoleClient();
  // Local scope: ends this browser's session even when the server cannot be reached.
  await client.auth.signOut({ scope: 'local' });
}
