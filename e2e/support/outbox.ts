import { sendQueuedMail } from '@agentora/local-supabase/testing/queued-mail';
import { sharedBackendSettings, type BackendSettings } from './backend';

/** A mail of the local backend's outbox, as /outbox.json lists it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string;
  headers?: Record<string, string>;
}

/**
 * The mail the local backend sent to an address (any letter case), newest first, once its mail queue has
 * sent everything due (send-queued-mail, as pg_cron would call it): a mail missing then was not queued.
 */
export async function outboxMailTo(
  email: string,
  backend: BackendSettings = sharedBackendSettings(),
): Promise<OutboxMessage[]> {
  await sendQueuedMail({ url: backend.url, secretKey: backend.serviceKey });
  const response = await fetch(`${backend.url}/outbox.json`);
  if (!response.ok) throw new Error(`The outbox answered HTTP ${response.status}.`);
  const messages = (await response.json()) as OutboxMessage[];
  return messages.filter((message) => message.to.toLowerCase() === email.toLowerCase());
}
