import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'done'; value: T };

/**
 * Runs `load` whenever `key` changes and shows only the answer for the current key (a slow earlier
 * answer never shows in place of a newer one). `reload` runs it again.
 */
export function useAsync<T>(load: () => Promise<T>, key: string): [AsyncState<T>, () => void] {
  const [round, setRound] = useState(0);
  const current = `${round} ${key}`;
  const [answer, setAnswer] = useState<{ for: string; state: AsyncState<T> }>();
  useEffect(() => {
    let wanted = true;
    load().then(
      (value) => wanted && setAnswer({ for: current, state: { status: 'done', value } }),
      (error: unknown) => wanted && setAnswer({ for: current, state: { status: 'failed', error } }),
    );
    return () => {
      wanted = false;
    };
    // `load` is a new closure each render; `current` says when what it loads changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return [answer?.for === current ? answer.state : { status: 'loading' }, reload];
}
