import { BackendError } from '@agentora/data';

/** What libs/data throws for a second sign-up with the same address (PostgREST 409, SQLSTATE 23505). */
export function duplicateKeyError(constraint: string): Error {
  return new BackendError(`duplicate key value violates unique constraint "${constraint}"`, {
    code: '23505',
  });
}

/** What libs/data throws when a rate limit refuses the sign-up (PostgREST 429, SQLSTATE PT429). */
export function rateLimitError(): Error {
  return new BackendError('Too many requests from this address', { code: 'PT429', status: 429 });
}

/** What libs/data throws when the backend cannot be reached. */
export function networkError(): Error {
  return new BackendError('TypeError: Failed to fetch');
}
