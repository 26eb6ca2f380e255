/** A manifest or remoteEntry request that has not answered by then counts as a failure. */
export const REMOTE_REQUEST_TIMEOUT_MS = 5000;
/** The whole load of one exposed module (manifest, entry, chunks) must finish by then. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}

/** Rejects with a RemoteTimeoutError if `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RemoteTimeoutError(`${what} did not load within ${ms / 1000} s.`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
