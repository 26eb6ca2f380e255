import { outboxMail, type OutboxMessage } from '@agentora/local-supabase/testing/queued-mail';
import type { TestBackend } from './test-backend';

/** A mail of the local backend's outbox. */
export type OutboxMail = OutboxMessage;

/**
 * The mail sent so far to an address (any letter case), newest first, once the backend's mail queue has
 * sent everything due: a mail missing from it was not queued.
 */
export function mailTo(backend: TestBackend, to: string): Promise<OutboxMail[]> {
  return outboxMail(backend, to);
}
