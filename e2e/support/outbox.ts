import { outboxMail, type OutboxMessage } from '@agentora/local-supabase/testing/queued-mail';
import { sharedBackendSettings, type BackendSettings } from './backend';

export type { OutboxMessage };

export function outboxMailTo(
  email: string,
  backend: BackendSettings = sharedBackendSettings(),
): Promise<OutboxMessage[]> {
  return outboxMail({ url: backend.url, secretKey: backend.serviceKey }, email);
}
