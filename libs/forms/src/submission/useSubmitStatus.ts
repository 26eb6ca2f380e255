import { useCallback, useEffect, useRef, useState } from 'react';

export type SubmitStatus = 'idle' | 'success' | 'error';

export interface SubmitState {
  status: SubmitStatus;
  message: string;
  busy: boolean;
}

export interface SubmitStatusOptions {
  /** After a success, return to idle and clear the message after this long. */
  successResetMs?: number;
  /** After an error, return to idle after this long; without it an error stays until the next attempt. */
  errorResetMs?: number;
}

const IDLE: SubmitState = { status: 'idle', message: '', busy: false };

/**
 * The state machine every sign-up form shares (docs/product/sign-up-forms.md): idle → busy → success | error, with the
 * timed return to idle. `begin` refuses a second submit while one is in flight, and pending timers
 * are cleared on unmount so nothing updates a form the visitor has left.
 */
export function useSubmitStatus({ successResetMs, errorResetMs }: SubmitStatusOptions = {}) {
  const [state, setState] = useState<SubmitState>(IDLE);
  const busyRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  const settle = useCallback(
    (status: Exclude<SubmitStatus, 'idle'>, message: string, resetMs: number | undefined) => {
      clearTimer();
      busyRef.current = false;
      setState({ status, message, busy: false });
      if (resetMs !== undefined) {
        timer.current = setTimeout(() => {
          timer.current = undefined;
          setState(IDLE);
        }, resetMs);
      }
    },
    [clearTimer],
  );

  /** Starts a submit; returns false (and does nothing) when one is already in progress. */
  const begin = useCallback((): boolean => {
    if (busyRef.current) return false;
    busyRef.current = true;
    clearTimer();
    setState((previous) => ({ ...previous, busy: true }));
    return true;
  }, [clearTimer]);

  const succeed = useCallback(
    (message: string) => settle('success', message, successResetMs),
    [settle, successResetMs],
  );
  const fail = useCallback(
    (message: string) => settle('error', message, errorResetMs),
    [settle, errorResetMs],
  );
  const reset = useCallback(() => {
    clearTimer();
    busyRef.current = false;
    setState(IDLE);
  }, [clearTimer]);

  return {
    ...state,
    /** The status banner shows only when there is a result and nothing is in progress. */
    showResult: state.status !== 'idle' && !state.busy,
    begin,
    succeed,
    fail,
    reset,
  };
}
