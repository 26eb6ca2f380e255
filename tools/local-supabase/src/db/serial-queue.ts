/**
 * Runs tasks strictly one after another. PGlite is a single connection, so transactions from
 * concurrent requests must queue instead of interleaving their statements.
 */
export function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
