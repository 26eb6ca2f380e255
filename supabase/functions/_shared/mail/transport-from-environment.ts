import { createResendTransport, UNCONFIGURED_TRANSPORT } from './resend-transport.ts';
import type { MailTransport } from './types.ts';

/**
 * Resend when RESEND_API_KEY is set. Without it there is nowhere to deliver in production: every send then
 * fails as "not sent" and the sign-up's claim is handed back. Local runs use tools/local-supabase's outbox.
 */
export function mailTransportFromEnvironment(resendApiKey: string | undefined): MailTransport {
  return resendApiKey ? createResendTransport({ apiKey: resendApiKey }) : UNCONFIGURED_TRANSPORT;
}
