import { sendQueuedMail } from '@agentora/local-supabase/testing/queued-mail';
import type { TestBackend } from './test-backend';

/** A mail of the local backend's outbox, as /outbox.json lists it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  idempotencyKey: string;
}

/**
 * The mail sent so far to an address (any letter case), newest first, once the backend's mail queue has
 * sent everything due: a mail missing from it was not queued.
 */
export async function mailTo(backend: TestBackend, to: string): Promise<OutboxMail[]> {
  await sendQueuedMail(backend);
  const messages = (await (await fetch(`${backend.url}/outbox.json`)).json()) as OutboxMail[];
  return messages.filter((message) => message.to.toLowerCase() === to.toLowerCase());
}
