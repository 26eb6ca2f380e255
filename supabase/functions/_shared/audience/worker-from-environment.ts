import type { FunctionEnvironment } from '../environment.ts';
import { RESEND_API_URL } from '../mail/transport-from-environment.ts';
import type { ServiceClient } from '../service-client.ts';
import { createRpcAudienceStore } from './audience-store.ts';
import { createResendContactsApi, UNCONFIGURED_CONTACTS_API } from './resend-contacts.ts';
import type { AudienceWorker } from './sync.ts';

/**
 * The audience's worker as sync-audience builds it: Resend's contacts at RESEND_API_URL with
 * RESEND_AUDIENCE_API_KEY, or RESEND_API_KEY when that is a full-access key (a sending-only key is
 * refused on contacts: docs/deploying-the-backend.md), at MAIL_SENDS_PER_SECOND, the rate the mail
 * keeps too.
 */
export function audienceWorkerFromEnvironment(
  env: FunctionEnvironment,
  client: Pick<ServiceClient, 'rpc'>,
): AudienceWorker {
  const apiKey = env.resend.audienceApiKey ?? env.resend.apiKey;
  return {
    store: createRpcAudienceStore(client),
    contacts: apiKey
      ? createResendContactsApi({ apiKey, baseUrl: env.resend.apiUrl ?? RESEND_API_URL })
      : UNCONFIGURED_CONTACTS_API,
    sendsPerSecond: env.mail.sendsPerSecond,
    logError: (message, error) => console.error(message, error),
  };
}
